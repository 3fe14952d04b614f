module example.com/explainforeign

go 1.24
