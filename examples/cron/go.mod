module github.com/confinecheck/confinecheck/examples/cron

go 1.26.0

// The checker, run as "go tool confinecheck"; replaced by the checkout this
// example is in.
tool github.com/confinecheck/confinecheck/cmd/confinecheck

replace github.com/confinecheck/confinecheck => ../..

require (
	github.com/confinecheck/confinecheck v0.0.0-00010101000000-000000000000
	github.com/robfig/cron/v3 v3.0.1
)

require (
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
)
