module github.com/confinecheck/confinecheck/examples/hollywood

go 1.26.0

// The checker, run as "go tool confinecheck"; replaced by the checkout this
// example is in.
tool github.com/confinecheck/confinecheck/cmd/confinecheck

replace github.com/confinecheck/confinecheck => ../..

require (
	github.com/anthdm/hollywood v1.0.5
	github.com/confinecheck/confinecheck v0.0.0-00010101000000-000000000000
)

require (
	github.com/DataDog/gostackparse v0.7.0 // indirect
	github.com/klauspost/cpuid/v2 v2.0.9 // indirect
	github.com/zeebo/xxh3 v1.0.2 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
	google.golang.org/protobuf v1.32.0 // indirect
)
