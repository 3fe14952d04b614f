package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"
)

// convertString runs the converter on input with root as -root, and
// requires the log to validate against the SARIF 2.1.0 schema.
func convertString(t *testing.T, root, input string) *sarif.Report {
	t.Helper()
	c := converter{root: root, lines: make(map[string][]string)}
	if err := c.read("input", strings.NewReader(input)); err != nil {
		t.Fatal(err)
	}
	log := c.log()
	// Validate checks the JSON encoding of the structs, which is what
	// convert writes.
	if err := log.Validate(); err != nil {
		t.Fatalf("not valid SARIF 2.1.0: %v", err)
	}
	return log
}

// where renders a location as "uri|uriBaseId|line:column", with
// "-line:column" for an end.
func where(loc *sarif.Location) string {
	a, r := loc.PhysicalLocation.ArtifactLocation, loc.PhysicalLocation.Region
	s := str(a.URI) + "|" + str(a.URIBaseID) + "|" + num(r.StartLine) + ":" + num(r.StartColumn)
	if r.EndLine != nil || r.EndColumn != nil {
		s += "-" + num(r.EndLine) + ":" + num(r.EndColumn)
	}
	return s
}

func str(p *string) string {
	if p == nil {
		return "<nil>"
	}
	return *p
}

func num(p *int) string {
	if p == nil {
		return "<nil>"
	}
	return strconv.Itoa(*p)
}

func TestResultsAndRelatedLocations(t *testing.T) {
	root := t.TempDir()
	src := "package p\n\nfunc f() {\n\tgo func() { _ = \"€\"; touch() }()\n}\n"
	if err := os.WriteFile(filepath.Join(root, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(root, "p.go")
	// Column 24 in bytes is touch(): the euro sign is 3 bytes and one
	// UTF-16 unit, so SARIF's column is 22, and the end's 29 is 27.
	input := `{"example.com/p": {"confinecheck": [{"posn": "` + file + `:4:24", "end": "` + file + `:4:29",
		"message": "calls confined (*p.T).M off the owner", "related": [{"posn": "` + file + `:4:2", "end": "` + file + `:4:2", "message": "runs off the owner via a go statement"}]}]}}`
	log := convertString(t, root, input)
	if len(log.Runs) != 1 || len(log.Runs[0].Results) != 1 {
		t.Fatalf("want one run with one result: %+v", log)
	}
	res := log.Runs[0].Results[0]
	if str(res.RuleID) != ruleID || res.RuleIndex != 0 || res.Level != sarif.LevelError ||
		str(res.Message.Text) != "calls confined (*p.T).M off the owner" || len(res.Locations) != 1 ||
		where(res.Locations[0]) != "p.go|SRCROOT|4:22-4:27" {
		t.Errorf("result: %s %+v", where(res.Locations[0]), res)
	}
	// A zero-width end (start == end) is left out.
	if len(res.RelatedLocations) != 1 || res.RelatedLocations[0].ID != 1 ||
		str(res.RelatedLocations[0].Message.Text) != "runs off the owner via a go statement" ||
		where(res.RelatedLocations[0]) != "p.go|SRCROOT|4:2" {
		t.Errorf("related locations: %+v", res.RelatedLocations)
	}
	inv := log.Runs[0].Invocations[0]
	if inv.ExecutionSuccessful == nil || !*inv.ExecutionSuccessful {
		t.Error("run marked unsuccessful")
	}
	if base := log.Runs[0].OriginalUriBaseIds["SRCROOT"]; str(base.URI) != fileURI(root)+"/" {
		t.Errorf("SRCROOT = %s", str(base.URI))
	}
}

// go vet -json prints one object per package after a "# package" line,
// with paths relative to where it ran; a file outside the root keeps an
// absolute URI.
func TestVetStream(t *testing.T) {
	root := t.TempDir()
	input := "# example.com/a\n{\n\t\"example.com/a\": {\n\t\t\"confinecheck\": [{\"posn\": \"a/a.go:3:2\", \"end\": \"a/a.go:3:2\", \"message\": \"one\"}]\n\t}\n}\n" +
		"# example.com/b\n{}\n" +
		"# example.com/c\n{\"example.com/c\": {\"confinecheck\": [{\"posn\": \"/elsewhere/c.go:9:1\", \"end\": \"\", \"message\": \"two\"}]}}\n"
	log := convertString(t, root, input)
	results := log.Runs[0].Results
	if len(results) != 2 {
		t.Fatalf("want 2 results: %+v", results)
	}
	if got := where(results[0].Locations[0]); got != "a/a.go|SRCROOT|3:2" {
		t.Errorf("relative path: %s", got)
	}
	if got := where(results[1].Locations[0]); got != "file:///elsewhere/c.go|<nil>|9:1" {
		t.Errorf("path outside the root: %s", got)
	}
}

// Packages and analyzers come out in sorted order whatever the input's
// order, so that the same findings always give the same log.
func TestDeterministic(t *testing.T) {
	diag := func(msg string) string {
		return `[{"posn": "/x/` + msg + `.go:1:1", "end": "", "message": "` + msg + `"}]`
	}
	a := `{"b": {"z": ` + diag("bz") + `, "y": ` + diag("by") + `}, "a": {"x": ` + diag("ax") + `}}`
	b := `{"a": {"x": ` + diag("ax") + `}, "b": {"y": ` + diag("by") + `, "z": ` + diag("bz") + `}}`
	var logs []string
	for _, input := range []string{a, b} {
		data, err := json.Marshal(convertString(t, "/root", input))
		if err != nil {
			t.Fatal(err)
		}
		logs = append(logs, string(data))
	}
	if logs[0] != logs[1] {
		t.Errorf("logs differ:\n%s\n%s", logs[0], logs[1])
	}
	if i, j := strings.Index(logs[0], `"ax"`), strings.Index(logs[0], `"by"`); i < 0 || j < i {
		t.Errorf("results not in package order: %s", logs[0])
	}
}

// An analysis error is a notification, and the run failed.
func TestAnalysisError(t *testing.T) {
	log := convertString(t, t.TempDir(), `{"example.com/p": {"confinecheck": {"error": "boom"}}}`)
	inv := log.Runs[0].Invocations[0]
	if inv.ExecutionSuccessful == nil || *inv.ExecutionSuccessful || len(inv.ToolExecutionNotifications) != 1 ||
		inv.ToolExecutionNotifications[0].Level != sarif.LevelError ||
		str(inv.ToolExecutionNotifications[0].Message.Text) != "example.com/p: confinecheck: boom" {
		t.Errorf("invocation: %+v", inv)
	}
	data, _ := json.Marshal(log)
	if !strings.Contains(string(data), `"results":[]`) {
		t.Errorf("no findings must still be an empty results array: %s", data)
	}
}

func TestBadInput(t *testing.T) {
	c := converter{root: t.TempDir(), lines: make(map[string][]string)}
	err := c.read("x.json", strings.NewReader("confinecheck: 3 findings\n"))
	if err == nil || !strings.Contains(err.Error(), "x.json: not the JSON output of confinecheck -json or go vet -json") {
		t.Errorf("err = %v", err)
	}
}
