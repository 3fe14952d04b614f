// The tests of the libp2p example: checker_test.go runs confinecheck, with
// declarations/libp2p.conf, on ./buggy and ./fixed. This file has what they
// share: the example (internal/examplecheck has the helpers) and TestMain.
package libp2p_test

import (
	"testing"

	"github.com/confinecheck/confinecheck/internal/examplecheck"
)

// example is this module's tests: the pack they check with.
var example = &examplecheck.Example{
	Name: "libp2p",
	Pack: "../../declarations/libp2p.conf",
}

func TestMain(m *testing.M) { example.Main(m) }
