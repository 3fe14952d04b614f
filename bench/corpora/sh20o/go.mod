module example.com/corpus/trial-sh20o

go 1.26
