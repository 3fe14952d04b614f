package integration

import (
	"os"
	"path/filepath"
	"testing"
)

// TestFix pins down what -fix does with an analyzer that suggests no
// fixes, as confinecheck does: the analysis drivers of golang.org/x/tools
// then apply nothing and print nothing, and exit 0 even though there are
// findings. So -fix must never stand in for the check (the README says
// so); this test fails when that changes.
func TestFix(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs go vet; skipped with -short")
	}
	bin := buildCommands(t, "confinecheck")
	confinecheck := filepath.Join(bin, "confinecheck")
	files := map[string]string{"go.mod": sarifModule["go.mod"], "demo.go": sarifModule["demo.go"]}
	s := moduleShell(t, files)

	// Without -fix: the finding, exit status 3.
	if res := s.run(confinecheck, "./..."); res.code != 3 {
		t.Fatalf("want the finding without -fix\n%s", res)
	}
	for _, args := range [][]string{
		{confinecheck, "-fix", "./..."},
		{"go", "vet", "-vettool=" + confinecheck, "-fix", "./..."},
	} {
		res := s.run(args[0], args[1:]...)
		if res.code != 0 || res.stdout != "" || res.stderr != "" {
			t.Errorf("-fix is no longer silent: exit %d\n%s", res.code, res)
		}
		for name, src := range files {
			if got, err := os.ReadFile(filepath.Join(s.dir, name)); err != nil || string(got) != src {
				t.Errorf("%s changed %s (err %v):\n%s", res.cmd, name, err, got)
			}
		}
	}
}
