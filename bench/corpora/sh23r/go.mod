module example.com/corpus/trial-sh23r

go 1.26.0
