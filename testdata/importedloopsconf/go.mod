module example.com/importedloopsconf

go 1.24
