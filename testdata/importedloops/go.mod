module example.com/importedloops

go 1.24
