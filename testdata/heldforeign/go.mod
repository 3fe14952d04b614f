module example.com/heldforeign

go 1.24
