package declarations_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/confinecheck/confinecheck/declarations"
)

// TestPacks: every *.conf file of this directory is a built-in pack that
// reads (the -declare format, a header naming the framework's module and
// the version the pack was checked against), and declares something.
func TestPacks(t *testing.T) {
	files, err := filepath.Glob("*.conf")
	if err != nil {
		t.Fatal(err)
	}
	packs, err := declarations.Packs()
	if err != nil {
		t.Fatal(err)
	}
	if len(packs) == 0 || len(packs) != len(files) {
		t.Fatalf("%d packs read from %d *.conf files", len(packs), len(files))
	}
	for _, p := range packs {
		if len(p.Declarations) == 0 {
			t.Errorf("pack %s declares nothing", p.Name)
		}
		if !strings.Contains(p.Module, "/") || !strings.HasPrefix(p.Version, "v") {
			t.Errorf("pack %s: checked against %q %q, not a module and a version", p.Name, p.Module, p.Version)
		}
		t.Logf("%s: %d declarations, checked against %s %s", p.Name, len(p.Declarations), p.Module, p.Version)
	}
}
