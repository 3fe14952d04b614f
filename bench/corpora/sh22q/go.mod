module example.com/corpus/trial-sh22q

go 1.26.0
