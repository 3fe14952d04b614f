module example.com/importedjournal

go 1.24
