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
//
// The log is built with go-sarif's SARIF 2.1.0 object model. This
// directory is a module of its own so that the analyzer's module does not
// require go-sarif and the JSON schema validator it brings.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"
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
	var buf bytes.Buffer
	if err := c.log().PrettyWrite(&buf); err != nil {
		return err
	}
	buf.WriteByte('\n')
	if out == "" {
		_, err = buf.WriteTo(os.Stdout)
		return err
	}
	return os.WriteFile(out, buf.Bytes(), 0o644)
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
	results  []*sarif.Result
	failures []*sarif.Notification
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
// order, so that the same findings always give the same log.
func (c *converter) add(tree map[string]map[string]json.RawMessage) error {
	for _, pkg := range slices.Sorted(maps.Keys(tree)) {
		for _, analyzer := range slices.Sorted(maps.Keys(tree[pkg])) {
			if err := c.addAnalyzer(pkg, analyzer, tree[pkg][analyzer]); err != nil {
				return fmt.Errorf("%s: %s: %v", pkg, analyzer, err)
			}
		}
	}
	return nil
}

// addAnalyzer converts what one analyzer reported for one package: either
// {"error": "..."}, which becomes a tool notification (the analysis did
// not run, which is not the same as finding nothing), or a list of
// diagnostics, which become results.
func (c *converter) addAnalyzer(pkg, analyzer string, raw json.RawMessage) error {
	var failed struct {
		Error string `json:"error"`
	}
	if json.Unmarshal(raw, &failed) == nil && failed.Error != "" {
		c.failures = append(c.failures, sarif.NewNotification().
			WithLevel(sarif.LevelError).
			WithMessage(sarif.NewTextMessage(fmt.Sprintf("%s: %s: %s", pkg, analyzer, failed.Error))))
		return nil
	}
	var diags []jsonDiagnostic
	if err := json.Unmarshal(raw, &diags); err != nil {
		return fmt.Errorf("not a list of diagnostics: %v", err)
	}
	for _, d := range diags {
		res, err := c.result(d)
		if err != nil {
			return err
		}
		c.results = append(c.results, res)
	}
	return nil
}

// result converts one diagnostic. Its related positions (the sink, the
// calls on the path) become related locations, numbered from 1 so that
// a consumer can tell them apart; the primary location keeps the id -1
// that means "none".
func (c *converter) result(d jsonDiagnostic) (*sarif.Result, error) {
	loc, err := c.location(d.Posn, d.End)
	if err != nil {
		return nil, err
	}
	res := sarif.NewRuleResult(ruleID).
		WithRuleIndex(0). // the only rule in the driver's rules
		WithLevel(sarif.LevelError).
		WithMessage(sarif.NewTextMessage(d.Message)).
		AddLocation(loc)
	for i, rel := range d.Related {
		loc, err := c.location(rel.Posn, rel.End)
		if err != nil {
			return nil, err
		}
		res.AddRelatedLocation(loc.WithID(i + 1).WithMessage(sarif.NewTextMessage(rel.Message)))
	}
	return res, nil
}

// posn matches "file:line:col" (a column is optional).
var posn = regexp.MustCompile(`^(.+?):(\d+)(?::(\d+))?$`)

// location converts a posn and end pair into a SARIF location. The end
// is kept only when it lies in the same file, has a column and differs
// from the start: a zero-width region says no more than its start.
func (c *converter) location(start, end string) (*sarif.Location, error) {
	m := posn.FindStringSubmatch(start)
	if m == nil {
		return nil, fmt.Errorf("position %q is not file:line:column", start)
	}
	file := m[1]
	if !filepath.IsAbs(file) {
		file = filepath.Join(c.root, file) // go vet prints paths relative to where it ran
	}
	reg := sarif.NewRegion().WithStartLine(atoi(m[2]))
	if m[3] != "" {
		reg.WithStartColumn(c.column(file, atoi(m[2]), atoi(m[3])))
	}
	if e := posn.FindStringSubmatch(end); e != nil && e[1] == m[1] && e[3] != "" && end != start {
		reg.WithEndLine(atoi(e[2])).WithEndColumn(c.column(file, atoi(e[2]), atoi(e[3])))
	}
	phys := sarif.NewPhysicalLocation().WithArtifactLocation(c.artifact(file)).WithRegion(reg)
	return sarif.NewLocationWithPhysicalLocation(phys), nil
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// artifact names the file at abs relative to the root when it lies under
// it, against SRCROOT, so that logs from different checkouts agree and
// code scanning can map them to the repository; else by its file URI.
func (c *converter) artifact(abs string) *sarif.ArtifactLocation {
	if rel, err := filepath.Rel(c.root, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return sarif.NewSimpleArtifactLocation((&url.URL{Path: filepath.ToSlash(rel)}).String()).WithURIBaseID(srcRoot)
	}
	return sarif.NewSimpleArtifactLocation(fileURI(abs))
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
	srcRoot = "SRCROOT"
	infoURI = "https://github.com/confinecheck/confinecheck"
	// The address GitHub's documentation and SchemaStore use, which
	// editors recognise; go-sarif's default is the OASIS repository's.
	schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
)

// log assembles the SARIF log: one run of one tool with one rule. Results
// is always an array, empty when there are no findings, which SARIF reads
// as "ran and found nothing"; a failed analysis marks the invocation
// unsuccessful instead.
func (c *converter) log() *sarif.Report {
	inv := sarif.NewInvocation().WithExecutionSuccessful(len(c.failures) == 0)
	for _, n := range c.failures {
		inv.AddToolExecutionNotification(n)
	}
	run := sarif.NewRunWithInformationURI("confinecheck", infoURI).
		WithOriginalUriBaseIds(map[string]sarif.ArtifactLocation{srcRoot: *sarif.NewSimpleArtifactLocation(fileURI(c.root) + "/")}).
		AddInvocation(inv)
	run.Tool.Driver.AddRule(rule())
	// Added one by one: the library's constructors start every array
	// empty, and a nil slice would be written as null, which the schema
	// rejects.
	for _, res := range c.results {
		run.AddResult(res)
	}
	report := sarif.NewReport().AddRun(run)
	report.Schema = schemaURI
	return report
}

// rule describes the one rule every finding is reported under.
func rule() *sarif.ReportingDescriptor {
	return sarif.NewRule(ruleID).
		WithName("OffOwnerTouch").
		WithDescription("Code that runs off its owner's execution context touches state confined to that owner.").
		WithFullDescription(sarif.NewMultiformatMessageString().WithText(
			"A value marked //confined:owner belongs to one execution context (an actor's loop, an event loop). " +
				"This code may run on another goroutine (a go statement, a timer, an async callback) and reaches that value. " +
				"Malformed or misplaced //confined directives are reported under this rule too.")).
		WithHelpURI(infoURI + "#the-directives").
		WithDefaultConfiguration(sarif.NewReportingConfiguration().WithLevel(sarif.LevelError))
}
