module example.com/doublesnamed

go 1.24
