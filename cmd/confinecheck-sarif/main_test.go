package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// convertString runs the converter on input with root as -root.
func convertString(t *testing.T, root, input string) sarifLog {
	t.Helper()
	c := converter{root: root, lines: make(map[string][]string)}
	if err := c.read("input", strings.NewReader(input)); err != nil {
		t.Fatal(err)
	}
	return c.log()
}

func TestResultsAndRelatedLocations(t *testing.T) {
	root := t.TempDir()
	src := "package p\n\nfunc f() {\n\tgo func() { _ = \"€\"; touch() }()\n}\n"
	if err := os.WriteFile(filepath.Join(root, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(root, "p.go")
	// Column 24 in bytes is touch(): the euro sign is 3 bytes and one
	// UTF-16 unit, so SARIF's column is 22.
	input := `{"example.com/p": {"confinecheck": [{"posn": "` + file + `:4:24", "end": "` + file + `:4:24",
		"message": "calls confined (*p.T).M off the owner", "related": [{"posn": "` + file + `:4:2", "end": "` + file + `:4:2", "message": "runs off the owner via a go statement"}]}]}}`
	log := convertString(t, root, input)
	if len(log.Runs) != 1 || len(log.Runs[0].Results) != 1 {
		t.Fatalf("want one run with one result: %+v", log)
	}
	res := log.Runs[0].Results[0]
	loc := res.Locations[0].PhysicalLocation
	if res.RuleID != ruleID || res.Message.Text != "calls confined (*p.T).M off the owner" ||
		loc.ArtifactLocation != (artifactLocation{URI: "p.go", URIBaseID: "SRCROOT"}) ||
		loc.Region != (region{StartLine: 4, StartColumn: 22}) {
		t.Errorf("result: %+v", res)
	}
	if len(res.RelatedLocations) != 1 || res.RelatedLocations[0].ID != 1 ||
		res.RelatedLocations[0].Message.Text != "runs off the owner via a go statement" ||
		res.RelatedLocations[0].PhysicalLocation.Region != (region{StartLine: 4, StartColumn: 2}) {
		t.Errorf("related locations: %+v", res.RelatedLocations)
	}
	if !log.Runs[0].Invocations[0].ExecutionSuccessful {
		t.Error("run marked unsuccessful")
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
	if got := results[0].Locations[0].PhysicalLocation.ArtifactLocation; got != (artifactLocation{URI: "a/a.go", URIBaseID: "SRCROOT"}) {
		t.Errorf("relative path: %+v", got)
	}
	if got := results[1].Locations[0].PhysicalLocation.ArtifactLocation; got != (artifactLocation{URI: "file:///elsewhere/c.go"}) {
		t.Errorf("path outside the root: %+v", got)
	}
}

// An analysis error is a notification, and the run failed.
func TestAnalysisError(t *testing.T) {
	log := convertString(t, t.TempDir(), `{"example.com/p": {"confinecheck": {"error": "boom"}}}`)
	inv := log.Runs[0].Invocations[0]
	if inv.ExecutionSuccessful || len(inv.ToolExecutionNotifications) != 1 ||
		inv.ToolExecutionNotifications[0].Message.Text != "example.com/p: confinecheck: boom" {
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
