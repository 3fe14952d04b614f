module example.com/invokedforeign

go 1.24
