// The tests of the libp2p example: checker_test.go runs confinecheck, with its
// built-in libp2p pack, on ./buggy and ./fixed. This file has what they
// share: the example (internal/examplecheck has the helpers) and TestMain.
package libp2p_test

import (
	"testing"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// example is this module's tests.
var example = &examplecheck.Example{
	Name:     "libp2p",
	PackFile: "../../declarations/libp2p.conf",
	Packages: []string{"./buggy", "./fixed"},
}

func TestMain(m *testing.M) { example.Main(m) }
