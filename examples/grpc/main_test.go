// The tests of the grpc example: checker_test.go runs confinecheck, with its
// built-in grpc pack, on ./buggy and ./fixed. This file has what they
// share: the example (internal/examplecheck has the helpers) and TestMain.
package grpc_test

import (
	"testing"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// example is this module's tests.
var example = &examplecheck.Example{
	Name:     "grpc",
	PackFile: "../../declarations/grpc.conf",
	Packages: []string{"./buggy", "./fixed"},
}

func TestMain(m *testing.M) { example.Main(m) }
