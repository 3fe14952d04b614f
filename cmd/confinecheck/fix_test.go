package main_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fixModule has a loop, a timer closure touching its state in three
// statements and a goroutine touching it in two.
var fixModule = map[string]string{
	"go.mod": "module example.com/fx\n\ngo 1.26\n",
	"fx/fx.go": `package fx

import "time"

//confined:owner
type Loop struct {
	jobs  chan func()
	n     int
	names map[string]int
	last  string
}

//confined:loop
func (l *Loop) run() {
	for f := range l.jobs {
		f()
	}
}

func (l *Loop) Start() {
	go l.run()
	time.AfterFunc(time.Second, func() {
		l.n++
		l.names["x"] = l.n
		l.last = "x"
	})
	go func() {
		l.n--
		l.last = "y"
	}()
}
`,
}

// -fix applies every fix and exits 0, so that "confinecheck -fix ./... &&
// confinecheck ./..." runs both; go vet -fix applies them too.
func TestFixConverges(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs the go tool; skipped with -short")
	}
	c := setupModule(t, fixModule)
	c.run(t, c.binary, "./...").requireExit(t, exitFindings)
	res := c.run(t, c.binary, "-fix", "./...")
	res.requireExit(t, 0)
	requireContains(t, res.stdout, "confinecheck: applied")
	c.run(t, c.binary, "./...").requireExit(t, 0)
	src, err := os.ReadFile(filepath.Join(c.module, "fx", "fx.go"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(src), "l.jobs <- func() {"); n != 2 {
		t.Errorf("want both closures to hop through l.jobs, got %d hops:\n%s", n, src)
	}
	c.run(t, c.goTool, "build", "./...").requireExit(t, 0)
	// Nothing left to fix: -fix says nothing and succeeds.
	res = c.run(t, c.binary, "-fix", "./...")
	res.requireExit(t, 0)
	if res.stdout != "" || res.stderr != "" {
		t.Errorf("-fix with nothing to fix printed:\n%s", res)
	}
}

// A finding's range in -json runs from the member touched to the end of
// the expression touching it.
func TestJSONRanges(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs the go tool; skipped with -short")
	}
	c := setupModule(t, fixModule)
	res := c.run(t, c.binary, "-json", "./...")
	res.requireExit(t, 0)
	var out map[string]map[string][]struct{ Posn, End string }
	if err := json.Unmarshal([]byte(res.stdout), &out); err != nil {
		t.Fatalf("%v\n%s", err, res)
	}
	ends := make(map[string]string)
	for _, d := range out["example.com/fx/fx"]["confinecheck"] {
		ends[strings.TrimPrefix(d.Posn, c.module+"/")] = strings.TrimPrefix(d.End, c.module+"/")
	}
	for posn, end := range map[string]string{
		"fx/fx.go:24:5": "fx/fx.go:24:15", // names["x"] of l.names["x"] = l.n
		"fx/fx.go:23:5": "fx/fx.go:23:6",  // n of l.n++
	} {
		if ends[posn] != end {
			t.Errorf("the finding at %s ends at %q, want %s\n%s", posn, ends[posn], end, res.stdout)
		}
	}
}
