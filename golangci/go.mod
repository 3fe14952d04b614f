module github.com/confinecheck/confinecheck/golangci

go 1.26.0

require (
	github.com/confinecheck/confinecheck v0.0.0
	github.com/golangci/plugin-module-register v0.1.2
	golang.org/x/tools v0.52.0
)

require golang.org/x/mod v0.42.0 // indirect

// The plugin is developed in the same repository as the analyzer. A
// released plugin requires the analyzer's tagged version instead.
replace github.com/confinecheck/confinecheck => ../
