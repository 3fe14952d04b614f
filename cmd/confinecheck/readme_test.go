package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// readme is the repository's README, and its fenced blocks in order.
func readme(t *testing.T) (string, []string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var blocks []string
	for _, m := range regexp.MustCompile("(?s)```[a-z]*\n(.*?)```").FindAllStringSubmatch(string(data), -1) {
		blocks = append(blocks, m[1])
	}
	return string(data), blocks
}

// blockAfter is the first ```fence block after heading in the README.
func blockAfter(t *testing.T, text, heading, fence string) string {
	t.Helper()
	i := strings.Index(text, heading)
	if i < 0 {
		t.Fatalf("the README has no %q", heading)
	}
	b := strings.Index(text[i:], "```"+fence+"\n")
	if b < 0 {
		t.Fatalf("no ```%s block after %q", fence, heading)
	}
	rest := text[i+b+len("```"+fence+"\n"):]
	return rest[:strings.Index(rest, "```")]
}

// The README is a first page: short, linking only files of the
// repository, opening with the demo and the test command.
func TestReadmeIsAFirstPage(t *testing.T) {
	text, blocks := readme(t)
	if n := strings.Count(text, "\n"); n > 300 {
		t.Errorf("the README has %d lines, more than 300: move detail to docs/", n)
	}
	if !strings.HasPrefix(blocks[0], "go run ./cmd/confinecheck ./examples/...") || !strings.Contains(blocks[0], "\ngo test ") {
		t.Errorf("the README's first block is not the demo and the test command: %q", blocks[0])
	}
	for _, m := range regexp.MustCompile(`\]\(([^)]+)\)`).FindAllStringSubmatch(text, -1) {
		target, _, _ := strings.Cut(m[1], "#")
		if strings.Contains(target, "://") {
			t.Errorf("the README links outside the repository: %s", m[1])
			continue
		}
		if _, err := os.Stat(filepath.Join("..", "..", target)); err != nil {
			t.Errorf("the README links to %s, which does not exist", m[1])
		}
	}
}

// The README's first go install line works in a clone, and the binary it
// installs answers -V.
func TestReadmeInstall(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command; skipped with -short")
	}
	text, _ := readme(t)
	line := regexp.MustCompile(`(?m)^go install \S+`).FindString(text)
	if line != "go install ./cmd/confinecheck" {
		t.Fatalf("the README's first go install line is %q, want one that works in a clone", line)
	}
	gobin := t.TempDir()
	cmd := exec.Command("go", "install", "./cmd/confinecheck")
	cmd.Dir = filepath.Join("..", "..")
	cmd.Env = append(os.Environ(), "GOBIN="+gobin, "GOFLAGS=-buildvcs=false")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", line, err, out)
	}
	out, err := exec.Command(filepath.Join(gobin, "confinecheck"), "-V").CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "confinecheck ") {
		t.Fatalf("confinecheck -V: %v\n%s", err, out)
	}
}

// The five-minute walkthrough does what the README says: the check prints
// the finding shown, and "-fix && check" applies the hop and passes.
func TestReadmeWalkthrough(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs the go tool; skipped with -short")
	}
	text, blocks := readme(t)
	c := setupModule(t, map[string]string{
		"go.mod":     "module example.com/counter\n\ngo 1.26\n",
		"counter.go": blockAfter(t, text, "## Five minutes", "go"),
	})
	res := c.run(t, c.binary, "./...")
	res.requireExit(t, exitFindings)
	i := slices.IndexFunc(blocks, func(b string) bool { return strings.HasPrefix(b, ".../counter.go:") })
	if i < 0 {
		t.Fatal("the README shows no finding of counter.go")
	}
	shown := strings.ReplaceAll(blocks[i], ".../", c.module+"/")
	if res.stderr != shown {
		t.Errorf("the README shows\n%s\nthe check prints\n%s", shown, res.stderr)
	}
	if !strings.Contains(text, "confinecheck -fix ./... && confinecheck ./...") {
		t.Fatal("the README no longer shows the two-step fix")
	}
	c.run(t, c.binary, "-fix", "./...").requireExit(t, 0)
	c.run(t, c.binary, "./...").requireExit(t, 0)
	src, err := os.ReadFile(filepath.Join(c.module, "counter.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), "c.jobs <- func() {\n\t\t\tclear(c.hits)\n\t\t}\n\t\tc.ResetEvery(d)") {
		t.Errorf("-fix did not wrap clear(c.hits) in a send on c.jobs:\n%s", src)
	}
}
