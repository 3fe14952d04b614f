package integration

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// compilerLine is the file:line:col: message format that editors' quickfix
// parsing (Vim's and Neovim's default errorformat among them) reads.
var compilerLine = regexp.MustCompile(`^(\S[^:]*\.go):(\d+):(\d+): (.+)$`)

// TestTextOutput pins down what the README's "Editor" and "JSON and SARIF"
// sections say about the output: every line confinecheck and go vet
// -vettool print is file:line:col: message, at a line of a real file, with
// a primary line for each finding (related positions follow with a tab
// before the message); and go vet -json prints one JSON object per
// package rather than one for the run.
func TestTextOutput(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the command and runs go vet; skipped with -short")
	}
	bin := buildCommands(t, "confinecheck")
	confinecheck := filepath.Join(bin, "confinecheck")
	// The module is new, so nothing of it is in go vet's cache; the shared
	// build cache spares compiling the standard library again.
	s := &shell{t: t, dir: writeFiles(t, sarifModule), env: append(os.Environ(), "GOFLAGS=", "GOWORK=off")}

	standalone := s.run(confinecheck, "./...")
	standalone.requireExit(t, 3)
	if standalone.stdout != "" {
		t.Errorf("findings on stdout:\n%s", standalone)
	}
	// Absolute paths from the standalone checker.
	checkCompilerLines(t, s.dir, standalone, true)

	vet := s.run("go", "vet", "-vettool="+confinecheck, "./...")
	vet.requireExit(t, 1)
	// Paths relative to the directory go vet ran in.
	checkCompilerLines(t, s.dir, vet, false)

	res := s.run("go", "vet", "-vettool="+confinecheck, "-json", "./...")
	res.requireExit(t, 0)
	dec := json.NewDecoder(strings.NewReader(res.stdout))
	var objects []map[string]json.RawMessage
	for {
		var obj map[string]json.RawMessage
		err := dec.Decode(&obj)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("go vet -json output is not a sequence of JSON objects: %v\n%s", err, res)
		}
		objects = append(objects, obj)
	}
	// sarifModule has two packages, both with findings.
	if len(objects) != 2 {
		t.Fatalf("want one JSON object per package (2), got %d\n%s", len(objects), res)
	}
	for _, obj := range objects {
		if len(obj) != 1 {
			t.Errorf("want one package per object, got %d\n%s", len(obj), res)
		}
	}
}

// checkCompilerLines requires every line of r's stderr to be a
// file:line:col: message line at an existing line of a file of dir (by an
// absolute path or one relative to dir), and a primary line (one whose
// message does not start with a tab) at each "// want" line of sarifModule.
func checkCompilerLines(t *testing.T, dir string, r result, absolute bool) {
	t.Helper()
	primary := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n") {
		m := compilerLine.FindStringSubmatch(line)
		if m == nil {
			t.Errorf("not a file:line:col: message line: %q\n%s", line, r)
			continue
		}
		file, message := m[1], m[4]
		if filepath.IsAbs(file) != absolute {
			t.Errorf("%s: want an absolute path: %v", line, absolute)
		}
		rel := file
		if filepath.IsAbs(file) {
			var err error
			if rel, err = filepath.Rel(dir, file); err != nil {
				t.Fatal(err)
			}
		}
		src, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			t.Errorf("%s: %v", line, err)
			continue
		}
		n, _ := strconv.Atoi(m[2])
		if n < 1 || n > bytes.Count(src, []byte("\n")) {
			t.Errorf("%s: %s has no line %d", line, rel, n)
		}
		if !strings.HasPrefix(message, "\t") {
			primary[filepath.ToSlash(rel)+":"+m[2]] = true
		}
	}
	for name, src := range sarifModule {
		for i, line := range strings.Split(src, "\n") {
			if key := name + ":" + strconv.Itoa(i+1); strings.Contains(line, "// want") && !primary[key] {
				t.Errorf("no finding line for %s\n%s", key, r)
			}
		}
	}
}
