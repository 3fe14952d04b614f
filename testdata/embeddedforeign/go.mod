module example.com/embeddedforeign

go 1.24
