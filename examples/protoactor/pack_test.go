package protoactor_test

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestPackAgrees checks that declarations/protoactor.conf, the pack, declares
// what buggy/declare.go does: the lines the checker is tested with here.
func TestPackAgrees(t *testing.T) {
	lines := func(file, prefix string) []string {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, l := range strings.Split(string(src), "\n") {
			l = strings.TrimSpace(l)
			if l == "" || strings.HasPrefix(l, "#") {
				continue
			}
			if rest, ok := strings.CutPrefix(l, prefix); ok {
				out = append(out, strings.TrimSpace(rest))
			}
		}
		slices.Sort(out)
		return out
	}
	pack := lines("../../declarations/protoactor.conf", "")
	source := lines("buggy/declare.go", "//confined:declare ")
	if !slices.Equal(pack, source) {
		t.Errorf("declarations/protoactor.conf declares %q, buggy/declare.go %q", pack, source)
	}
}
