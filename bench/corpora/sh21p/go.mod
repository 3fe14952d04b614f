module example.com/corpus/trial-sh21p

go 1.26.0
