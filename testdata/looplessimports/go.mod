module example.com/looplessimports

go 1.24
