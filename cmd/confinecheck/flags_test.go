package main_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/confinecheck/confinecheck/analyzer"
	main "github.com/confinecheck/confinecheck/cmd/confinecheck"
)

// TestFlagMistakes: a mistyped flag or a value that cannot be used (a
// -declare file that does not read, a -packs name that is no pack) is one
// line naming it and -help, with exit status 2, not the usage text; -V prints the version;
// go vet's -V=full still gets its answer.
func TestFlagMistakes(t *testing.T) {
	c := setup(t)
	for _, args := range [][]string{{"-bogus", "./..."}, {"-c=x", "./..."}, {"-strict=maybe", "./..."},
		{"-declare", "no-such-file.conf", "./..."}, {"-packs=holywood", "./..."}, {"-confinecheck.packs=none,tview", "./..."}} {
		res := c.run(t, c.binary, args...)
		res.requireExit(t, 2)
		lines := strings.Split(strings.TrimSpace(res.stderr), "\n")
		if len(lines) != 1 || !strings.Contains(lines[0], "run confinecheck -help") {
			t.Errorf("%s: want one line pointing to -help, got:\n%s", res.cmd, res.stderr)
		}
	}
	res := c.run(t, c.binary, "-V")
	res.requireExit(t, 0)
	if !strings.HasPrefix(res.stdout, "confinecheck ") {
		t.Errorf("-V printed %q", res.stdout)
	}
	res = c.run(t, c.binary, "-V=full")
	res.requireExit(t, 0)
	if !strings.Contains(res.stdout, "version") || !strings.Contains(res.stdout, "buildID=") {
		t.Errorf("-V=full printed %q, which go vet cannot read", res.stdout)
	}
	// The qualified and plain analyzer flags, and the driver's, pass.
	res = c.run(t, c.binary, "-test=false", "-c=1", "-confinecheck.strict", "-strict", "-packs=none", "./clean")
	res.requireExit(t, 0)
}

// TestDriverFlagsAreKnown keeps driverFlags in step with the flags the
// driver registers: every flag -help lists is the analyzer's or in it.
func TestDriverFlagsAreKnown(t *testing.T) {
	c := setup(t)
	res := c.run(t, c.binary, "-help")
	names := regexp.MustCompile(`(?m)^  -([A-Za-z0-9.-]+)`).FindAllStringSubmatch(res.stderr, -1)
	if len(names) < len(main.DriverFlags) {
		t.Fatalf("-help lists %d flags:\n%s", len(names), res.stderr)
	}
	for _, m := range names {
		name := strings.TrimPrefix(m[1], analyzer.Analyzer.Name+".")
		if _, ok := main.DriverFlags[name]; !ok && analyzer.Analyzer.Flags.Lookup(name) == nil {
			t.Errorf("the driver registers -%s, which driverFlags does not list", m[1])
		}
	}
}
