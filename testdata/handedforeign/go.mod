module example.com/handedforeign

go 1.24
