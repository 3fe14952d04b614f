package integration

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFix applies confinecheck's fixes to copies of the repository's racy
// examples, the three ways the tools offer (the standalone -fix, go vet
// -fix and go fix -fixtool), and checks the result: it builds and vets,
// the fixed lines are no longer reported, only findings without a
// reachable hop remain, and the fixed coordinator no longer races under the
// race detector (its test that catches the bug now finds none).
func TestFix(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs the go tool; skipped with -short")
	}
	bin := buildCommands(t, "confinecheck")
	confinecheck := filepath.Join(bin, "confinecheck")
	for _, driver := range [][]string{
		{confinecheck, "-fix", "./..."},
		{"go", "vet", "-vettool=" + confinecheck, "-fix", "./..."},
		{"go", "fix", "-fixtool=" + confinecheck, "./..."},
	} {
		t.Run(filepath.Base(driver[0])+" "+driver[1], func(t *testing.T) {
			t.Parallel()
			s := exampleShell(t)
			before := s.run(confinecheck, "./...")
			if before.code != 3 {
				t.Fatalf("want findings before the fix\n%s", before)
			}
			if res := s.run(driver[0], driver[1:]...); res.code != 0 {
				t.Fatalf("applying the fixes failed\n%s", res)
			}
			for _, args := range [][]string{{"build", "./..."}, {"vet", "./..."}} {
				if res := s.run("go", args...); res.code != 0 {
					t.Fatalf("the fixed code does not pass go %s\n%s", args[0], res)
				}
			}
			after := s.run(confinecheck, "./...")
			// What remains are the findings of named functions and
			// method values started at a sink: no statements to wrap.
			// They are reported at their touches and name the sink.
			for _, line := range strings.Split(after.stderr, "\n") {
				if strings.HasPrefix(line, s.dir) && !strings.Contains(line, ": \t") {
					if !strings.Contains(line, "(shapes.go:62)") && !strings.Contains(line, "(shapes.go:81)") {
						t.Errorf("a finding the fix should have removed: %s", line)
					}
				}
			}
			for _, want := range []string{"actor.Hop(m.Self(), func() *future.Future[struct{}] {", "m.Self().Execute(func() {"} {
				if src, _ := os.ReadFile(filepath.Join(s.dir, "buggycoordinator", "manager.go")); !strings.Contains(string(src), want) {
					t.Errorf("manager.go does not hop back with %q:\n%s", want, src)
				}
			}
		})
	}

	t.Run("race detector", func(t *testing.T) {
		t.Parallel()
		s := exampleShell(t)
		if res := s.run(confinecheck, "-fix", "./..."); res.code != 0 {
			t.Fatalf("applying the fixes failed\n%s", res)
		}
		res := s.run("go", "test", "-race", "-count=1", "-run", "TestRaceDetectorCatchesTheBug", "./buggycoordinator")
		if res.code == 0 || !strings.Contains(res.stdout, "no data race reported") {
			t.Fatalf("the fixed coordinator should no longer race\n%s", res)
		}
	})
}

// exampleShell is a shell in a module holding copies of examples/shapes
// and examples/buggycoordinator, which use this repository's runtime.
func exampleShell(t *testing.T) *shell {
	t.Helper()
	s := moduleShell(t, exampleModule(t))
	if res := s.run("go", "mod", "tidy"); res.code != 0 {
		t.Fatalf("go mod tidy in the copy of the examples\n%s", res)
	}
	return s
}

func exampleModule(t *testing.T) map[string]string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"go.mod": "module example.com/fixed\n\ngo 1.26\n\nrequire github.com/confinecheck/confinecheck v0.0.0\n\n" +
			"replace github.com/confinecheck/confinecheck => " + root + "\n",
		"go.sum": string(sum),
	}
	// The examples, and the helper package their tests use, which an
	// internal path keeps to this repository: the copy has it as its own.
	paths := strings.NewReplacer(
		"github.com/confinecheck/confinecheck/examples/", "example.com/fixed/",
		"github.com/confinecheck/confinecheck/internal/examplecheck", "example.com/fixed/internal/examplecheck")
	for dir, to := range map[string]string{"examples/shapes": "shapes", "examples/buggycoordinator": "buggycoordinator", "internal/examplecheck": "internal/examplecheck"} {
		entries, err := os.ReadDir(filepath.Join(root, dir))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			src, err := os.ReadFile(filepath.Join(root, dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			files[to+"/"+e.Name()] = paths.Replace(string(src))
		}
	}
	return files
}
