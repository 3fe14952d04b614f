module example.com/importedloopsnamed

go 1.24
