package integration

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xeipuuv/gojsonschema"

	// The SARIF 2.1.0 schema is read from this package's source, in the
	// module cache: see sarifSchema.
	_ "github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"
)

// sarifModule is checked by the real confinecheck; "// want N" marks a
// finding at column N. The euro sign puts the byte column of the finding
// in demo.go (27) two past its UTF-16 column (25), which SARIF uses.
var sarifModule = map[string]string{
	"go.mod": "module example.com/demo\n\ngo 1.26\n",
	"demo.go": strings.Replace(cleanGo, "func (c *Counter) Inc() { c.n++ }", "func (c *Counter) Inc() { c.n++ } // want 29", 1) + `
// Later bumps c from a timer's goroutine.
func Later(c *Counter) {
	go func() { _ = "€"; c.n++ }() // want 25
}
`,
	"user/user.go": `package user

import (
	"time"

	"example.com/demo"
)

// Retry touches c from a timer, through a helper.
func Retry(c *demo.Counter) {
	time.AfterFunc(time.Second, func() {
		bump(c)
	})
}

// bump's call into demo leads to the finding, which is at Inc's write, the
// line the race detector names (another package of the module).
func bump(c *demo.Counter) { c.Inc() }
`,
}

// TestSARIF converts real confinecheck -json and go vet -json output with
// confinecheck-sarif and validates the logs against the SARIF 2.1.0 schema.
func TestSARIF(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the commands and runs go vet; skipped with -short")
	}
	bin := buildCommands(t, "confinecheck", "confinecheck-sarif")
	s := moduleShell(t, sarifModule)
	dir := s.dir

	// The standalone checker's -json output, on stdout.
	res := s.run(filepath.Join(bin, "confinecheck"), "-json", "./...")
	if res.code != 0 {
		t.Fatalf("%s", res)
	}
	write(t, dir, "standalone.json", res.stdout)
	// go vet's, on stdout with Go 1.26 (older releases wrote it to stderr).
	res = s.run("go", "vet", "-vettool="+filepath.Join(bin, "confinecheck"), "-json", "./...")
	if res.code != 0 {
		t.Fatalf("%s", res)
	}
	write(t, dir, "vet.json", res.stdout+res.stderr)

	schema := sarifSchema(t)
	var logs [][]byte
	for _, input := range []string{"standalone.json", "vet.json"} {
		s.mustRun(filepath.Join(bin, "confinecheck-sarif"), "-o", input+".sarif", input)
		data, err := os.ReadFile(filepath.Join(dir, input+".sarif"))
		if err != nil {
			t.Fatal(err)
		}
		result, err := gojsonschema.Validate(schema, gojsonschema.NewBytesLoader(data))
		if err != nil {
			t.Fatalf("%s.sarif: %v", input, err)
		}
		if !result.Valid() {
			t.Fatalf("%s.sarif is not valid SARIF 2.1.0: %v\n%s", input, result.Errors(), data)
		}
		checkSARIF(t, input, data)
		logs = append(logs, data)
	}
	if string(logs[0]) != string(logs[1]) {
		t.Errorf("the logs from confinecheck -json and go vet -json differ:\n%s\n%s", logs[0], logs[1])
	}
}

// checkSARIF requires one result per "// want COLUMN" line, at that
// column, with a relative URI and the related location of the sink.
func checkSARIF(t *testing.T, name string, data []byte) {
	t.Helper()
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI       string `json:"uri"`
							URIBaseID string `json:"uriBaseId"`
						} `json:"artifactLocation"`
						Region struct {
							StartLine   int `json:"startLine"`
							StartColumn int `json:"startColumn"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
				RelatedLocations []struct {
					Message struct{ Text string }
				} `json:"relatedLocations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("%s: %v", name, err)
	}
	var got, want []string
	for file, src := range sarifModule {
		for i, line := range strings.Split(src, "\n") {
			if _, col, ok := strings.Cut(line, "// want "); ok {
				want = append(want, file+":"+itoa(i+1)+":"+col)
			}
		}
	}
	for _, r := range log.Runs[0].Results {
		loc := r.Locations[0].PhysicalLocation
		got = append(got, loc.ArtifactLocation.URI+":"+itoa(loc.Region.StartLine)+":"+itoa(loc.Region.StartColumn))
		touch := strings.Contains(r.Message.Text, "calls confined (*demo.Counter).Inc off the owner") || strings.Contains(r.Message.Text, "writes confined demo.Counter.n off the owner")
		if r.RuleID != "confinecheck" || !touch ||
			loc.ArtifactLocation.URIBaseID != "SRCROOT" || len(r.RelatedLocations) == 0 ||
			!strings.HasPrefix(r.RelatedLocations[0].Message.Text, "runs off the owner via") {
			t.Errorf("%s: result %+v", name, r)
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("%s: results at %v, want %v", name, got, want)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// sarifSchema loads the OASIS SARIF 2.1.0 JSON schema, which go-sarif
// keeps in a Go string constant. (go-sarif's own Validate checks its
// decoded structs, not the bytes, and its structs do not round-trip
// optional properties, so the test validates the bytes itself.)
func sarifSchema(t *testing.T) gojsonschema.JSONLoader {
	t.Helper()
	dir, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/owenrumney/go-sarif/v3").Output()
	if err != nil {
		t.Fatalf("go list -m github.com/owenrumney/go-sarif/v3: %v", err)
	}
	src, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(dir)), "pkg", "report", "v210", "sarif", "schema.go"))
	if err != nil {
		t.Fatal(err)
	}
	first, last := strings.Index(string(src), "`"), strings.LastIndex(string(src), "`")
	text := string(src)[first+1 : max(first+1, last)]
	if !strings.Contains(text, `"title": "Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema"`) {
		t.Fatalf("go-sarif's schema.go does not hold the SARIF 2.1.0 schema:\n%.300s", src)
	}
	return gojsonschema.NewStringLoader(text)
}
