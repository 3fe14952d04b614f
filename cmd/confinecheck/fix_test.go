package main_test

import (
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
