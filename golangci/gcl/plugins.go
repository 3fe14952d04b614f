// Command golangci-lint-confinecheck is golangci-lint with the confinecheck
// plugin compiled in, built from the Go module proxy alone.
//
// Its main function is golangci-lint's own cmd/golangci-lint/main.go, which
// ../build.sh adds with go build -overlay from the module cache (it is not
// copied into this repository). This file adds what `golangci-lint custom`
// would generate: a blank import of the plugin.
package main

import (
	// Registers the "confinecheck" module plugin.
	_ "github.com/confinecheck/confinecheck/golangci"

	// What golangci-lint's main.go imports, named here too so that go.mod
	// and go.sum keep them without main.go present (go mod tidy works).
	_ "github.com/golangci/golangci-lint/v2/pkg/commands"
	_ "github.com/golangci/golangci-lint/v2/pkg/exitcodes"
)
