module example.com/behaved

go 1.24

require github.com/asynkron/protoactor-go v0.0.0

replace github.com/asynkron/protoactor-go => ../src/github.com/asynkron/protoactor-go
