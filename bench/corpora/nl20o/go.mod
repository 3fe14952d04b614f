module example.com/corpus/trial-nl20o

go 1.26
