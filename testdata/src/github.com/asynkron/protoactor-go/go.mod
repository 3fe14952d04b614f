module github.com/asynkron/protoactor-go

go 1.24
