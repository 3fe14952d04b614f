module example.com/corpus/trial-nl23r

go 1.26.0

require golang.org/x/sync v0.25.0
