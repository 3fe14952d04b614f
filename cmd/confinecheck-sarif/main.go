// Command confinecheck-sarif converts confinecheck's JSON output into a
// SARIF 2.1.0 log, the format code-scanning services (GitHub code scanning
// among them) upload.
//
//	confinecheck -json ./... | confinecheck-sarif > confinecheck.sarif
//	go vet -vettool=$(command -v confinecheck) -json ./... | confinecheck-sarif -o confinecheck.sarif
//
// It reads the JSON from the files named as arguments, or from standard
// input: one object mapping package -> analyzer -> diagnostics, as
// confinecheck -json prints, or the sequence of such objects that go vet
// -json prints (on standard output with Go 1.26; older releases print it
// on standard error, each object after a "# package" line). Each diagnostic becomes a
// result with its related positions (the sink, the calls on the path) as
// related locations; an analysis error becomes a tool notification and
// marks the run unsuccessful. File paths under -root (by default the
// current directory, which should be the repository's root) are written
// relative to it, against the base id SRCROOT.
//
// It exits 0 when it wrote the log, whether or not there are findings, and
// 1 when the input cannot be read.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

func main() {
	root := flag.String("root", ".", "directory that result paths are made relative to (the repository's root)")
	out := flag.String("o", "", "write the SARIF log to this file instead of standard output")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: confinecheck -json ./... | confinecheck-sarif [-root DIR] [-o FILE] [JSON-FILE...]\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if err := convert(*root, *out, flag.Args()); err != nil {
		fmt.Fprintf(os.Stderr, "confinecheck-sarif: %v\n", err)
		os.Exit(1)
	}
}

func convert(root, out string, inputs []string) error {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return err
	}
	c := converter{root: absRoot, lines: make(map[string][]string)}
	if len(inputs) == 0 {
		if err := c.read("standard input", os.Stdin); err != nil {
			return err
		}
	}
	for _, name := range inputs {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		err = c.read(name, f)
		f.Close()
		if err != nil {
			return err
		}
	}
	data, err := json.MarshalIndent(c.log(), "", "  ")
	if err != nil {
		return err
	}
	data = append(data, '\n')
	if out == "" {
		_, err = os.Stdout.Write(data)
		return err
	}
	return os.WriteFile(out, data, 0o644)
}

// jsonDiagnostic is one diagnostic of the analysis drivers' -json output.
type jsonDiagnostic struct {
	Posn    string `json:"posn"`
	End     string `json:"end"`
	Message string `json:"message"`
	Related []struct {
		Posn    string `json:"posn"`
		End     string `json:"end"`
		Message string `json:"message"`
	} `json:"related"`
}

type converter struct {
	root     string
	results  []result
	failures []notification
	lines    map[string][]string // file -> its lines, for UTF-16 columns
}

// read decodes one input: JSON objects, optionally preceded by "#" lines.
func (c *converter) read(name string, r io.Reader) error {
	var filtered bytes.Buffer
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 64*1024*1024)
	for sc.Scan() {
		if !strings.HasPrefix(sc.Text(), "#") {
			filtered.Write(sc.Bytes())
			filtered.WriteByte('\n')
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	dec := json.NewDecoder(&filtered)
	for {
		var tree map[string]map[string]json.RawMessage
		err := dec.Decode(&tree)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: not the JSON output of confinecheck -json or go vet -json: %v", name, err)
		}
		if err := c.add(tree); err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
	}
}

// add converts one package -> analyzer -> diagnostics object, in a stable
// order.
func (c *converter) add(tree map[string]map[string]json.RawMessage) error {
	for _, pkg := range sortedKeys(tree) {
		for _, analyzer := range sortedKeys(tree[pkg]) {
			raw := tree[pkg][analyzer]
			var failed struct {
				Error string `json:"error"`
			}
			if json.Unmarshal(raw, &failed) == nil && failed.Error != "" {
				c.failures = append(c.failures, notification{
					Level:   "error",
					Message: message{Text: fmt.Sprintf("%s: %s: %s", pkg, analyzer, failed.Error)},
				})
				continue
			}
			var diags []jsonDiagnostic
			if err := json.Unmarshal(raw, &diags); err != nil {
				return fmt.Errorf("%s: %s: not a list of diagnostics: %v", pkg, analyzer, err)
			}
			for _, d := range diags {
				loc, err := c.location(d.Posn, d.End)
				if err != nil {
					return err
				}
				res := result{
					RuleID:    ruleID,
					Level:     "error",
					Message:   message{Text: d.Message},
					Locations: []location{loc},
				}
				for i, rel := range d.Related {
					loc, err := c.location(rel.Posn, rel.End)
					if err != nil {
						return err
					}
					loc.ID = i + 1
					loc.Message = &message{Text: rel.Message}
					res.RelatedLocations = append(res.RelatedLocations, loc)
				}
				c.results = append(c.results, res)
			}
		}
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// posn matches "file:line:col" (a column is optional).
var posn = regexp.MustCompile(`^(.+?):(\d+)(?::(\d+))?$`)

// location converts a posn and end pair into a SARIF location.
func (c *converter) location(start, end string) (location, error) {
	m := posn.FindStringSubmatch(start)
	if m == nil {
		return location{}, fmt.Errorf("position %q is not file:line:column", start)
	}
	file := m[1]
	if !filepath.IsAbs(file) {
		file = filepath.Join(c.root, file) // go vet prints paths relative to where it ran
	}
	reg := region{StartLine: atoi(m[2])}
	if m[3] != "" {
		reg.StartColumn = c.column(file, reg.StartLine, atoi(m[3]))
	}
	if e := posn.FindStringSubmatch(end); e != nil && e[1] == m[1] && e[3] != "" && end != start {
		reg.EndLine = atoi(e[2])
		reg.EndColumn = c.column(file, reg.EndLine, atoi(e[3]))
	}
	return location{PhysicalLocation: physicalLocation{ArtifactLocation: c.artifact(file), Region: reg}}, nil
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// artifact names the file at abs relative to the root when it lies under
// it, else by its file URI.
func (c *converter) artifact(abs string) artifactLocation {
	if rel, err := filepath.Rel(c.root, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return artifactLocation{URI: (&url.URL{Path: filepath.ToSlash(rel)}).String(), URIBaseID: "SRCROOT"}
	}
	return artifactLocation{URI: fileURI(abs)}
}

func fileURI(path string) string {
	path = filepath.ToSlash(path)
	if !strings.HasPrefix(path, "/") {
		path = "/" + path // a Windows drive letter
	}
	return (&url.URL{Scheme: "file", Path: path}).String()
}

// column converts a Go column (a byte offset in the line, from 1) into
// the SARIF default, UTF-16 code units from 1, when the file is readable;
// for ASCII lines they are the same.
func (c *converter) column(file string, line, col int) int {
	lines, ok := c.lines[file]
	if !ok {
		data, err := os.ReadFile(file)
		if err == nil {
			lines = strings.Split(string(data), "\n")
		}
		c.lines[file] = lines
	}
	if line < 1 || line > len(lines) || col < 1 || col-1 > len(lines[line-1]) {
		return col
	}
	prefix := lines[line-1][:col-1]
	if !utf8.ValidString(prefix) {
		return col
	}
	return len(utf16.Encode([]rune(prefix))) + 1
}

const (
	ruleID  = "confinecheck"
	infoURI = "https://github.com/confinecheck/confinecheck"
)

func (c *converter) log() sarifLog {
	results := c.results
	if results == nil {
		results = []result{} // SARIF requires the array; empty means no findings
	}
	return sarifLog{
		Version: "2.1.0",
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Runs: []sarifRun{{
			Tool: tool{Driver: driver{
				Name:           "confinecheck",
				InformationURI: infoURI,
				Rules: []rule{{
					ID:               ruleID,
					Name:             "OffOwnerTouch",
					ShortDescription: message{Text: "Code that runs off its owner's execution context touches state confined to that owner."},
					FullDescription: message{Text: "A value marked //confined:owner belongs to one execution context (an actor's loop, an event loop). " +
						"This code may run on another goroutine (a go statement, a timer, an async callback) and reaches that value. " +
						"Malformed or misplaced //confined directives are reported under this rule too."},
					HelpURI:              infoURI + "#the-directives",
					DefaultConfiguration: configuration{Level: "error"},
				}},
			}},
			OriginalURIBaseIDs: map[string]artifactLocation{"SRCROOT": {URI: fileURI(c.root) + "/"}},
			Invocations:        []invocation{{ExecutionSuccessful: len(c.failures) == 0, ToolExecutionNotifications: c.failures}},
			Results:            results,
		}},
	}
}

// The subset of SARIF 2.1.0 that the log uses.
type (
	sarifLog struct {
		Version string     `json:"version"`
		Schema  string     `json:"$schema"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool               tool                        `json:"tool"`
		OriginalURIBaseIDs map[string]artifactLocation `json:"originalUriBaseIds"`
		Invocations        []invocation                `json:"invocations"`
		Results            []result                    `json:"results"`
	}
	tool struct {
		Driver driver `json:"driver"`
	}
	driver struct {
		Name           string `json:"name"`
		InformationURI string `json:"informationUri"`
		Rules          []rule `json:"rules"`
	}
	rule struct {
		ID                   string        `json:"id"`
		Name                 string        `json:"name"`
		ShortDescription     message       `json:"shortDescription"`
		FullDescription      message       `json:"fullDescription"`
		HelpURI              string        `json:"helpUri"`
		DefaultConfiguration configuration `json:"defaultConfiguration"`
	}
	configuration struct {
		Level string `json:"level"`
	}
	invocation struct {
		ExecutionSuccessful        bool           `json:"executionSuccessful"`
		ToolExecutionNotifications []notification `json:"toolExecutionNotifications,omitempty"`
	}
	notification struct {
		Level   string  `json:"level"`
		Message message `json:"message"`
	}
	result struct {
		RuleID           string     `json:"ruleId"`
		Level            string     `json:"level"`
		Message          message    `json:"message"`
		Locations        []location `json:"locations"`
		RelatedLocations []location `json:"relatedLocations,omitempty"`
	}
	message struct {
		Text string `json:"text"`
	}
	location struct {
		ID               int              `json:"id,omitempty"`
		PhysicalLocation physicalLocation `json:"physicalLocation"`
		Message          *message         `json:"message,omitempty"`
	}
	physicalLocation struct {
		ArtifactLocation artifactLocation `json:"artifactLocation"`
		Region           region           `json:"region"`
	}
	artifactLocation struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	region struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn,omitempty"`
		EndLine     int `json:"endLine,omitempty"`
		EndColumn   int `json:"endColumn,omitempty"`
	}
)
