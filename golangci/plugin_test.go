package golangci

import (
	"flag"
	"slices"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"

	"github.com/confinecheck/confinecheck/analyzer"
)

// Every analyzer flag must be a settings key and every key a flag: the
// settings mirror the flags.
func TestSettingsMirrorFlags(t *testing.T) {
	var flags []string
	analyzer.Analyzer.Flags.VisitAll(func(f *flag.Flag) { flags = append(flags, f.Name) })
	slices.Sort(flags)
	got := keys()
	slices.Sort(got)
	if !slices.Equal(got, flags) {
		t.Fatalf("settings keys %v, analyzer flags %v", got, flags)
	}
}

// What golangci-lint hands New: the YAML decoded into maps and slices.
func TestDecode(t *testing.T) {
	s, err := decode(map[string]any{
		"async":           []any{"example.com/lib.(*Client).OnDisconnect:handler", "example.com/lib.Every"},
		"hop":             "example.com/lib.(*Loop).Post, example.com/lib.Go:f",
		"completes-async": []any{},
		"declare":         []any{"hop example.com/lib.(*Loop).Post"},
		"strict":          true,
	})
	if err != nil {
		t.Fatal(err)
	}
	want := Settings{
		Async:          FuncList{"example.com/lib.(*Client).OnDisconnect:handler", "example.com/lib.Every"},
		Hop:            FuncList{"example.com/lib.(*Loop).Post", "example.com/lib.Go:f"},
		CompletesAsync: FuncList{},
		Declare:        []string{"hop example.com/lib.(*Loop).Post"},
		Strict:         true,
	}
	if !equalSettings(s, want) {
		t.Fatalf("decoded %+v, want %+v", s, want)
	}
	// No settings at all is fine.
	if s, err := decode(nil); err != nil || !equalSettings(s, Settings{}) {
		t.Fatalf("decode(nil) = %+v, %v", s, err)
	}
}

func equalSettings(a, b Settings) bool {
	return slices.Equal(a.Async, b.Async) && slices.Equal(a.Hop, b.Hop) && slices.Equal(a.Sync, b.Sync) && slices.Equal(a.Inherit, b.Inherit) &&
		slices.Equal(a.CompletesAsync, b.CompletesAsync) && slices.Equal(a.CompletesOwner, b.CompletesOwner) && slices.Equal(a.Declare, b.Declare) &&
		a.Strict == b.Strict && a.Explain == b.Explain && a.Suggest == b.Suggest
}

func TestDecodeErrors(t *testing.T) {
	for _, tc := range []struct {
		conf any
		want []string // substrings of the error
	}{
		{map[string]any{"asnyc": []any{"a.B"}}, []string{`confinecheck settings: unknown key "asnyc" (did you mean "async"?)`, "the keys are async, hop, sync, inherit, completes-async, completes-owner, declare, strict, explain, suggest"}},
		{map[string]any{"completes_owner": "a.B"}, []string{`unknown key "completes_owner" (did you mean "completes-owner"?)`}},
		{map[string]any{"exclude": "x"}, []string{`unknown key "exclude"; the keys are`}},
		{map[string]any{"strict": "yes"}, []string{`confinecheck settings: strict: string is not a bool`}},
		{map[string]any{"async": 3}, []string{`confinecheck settings:`, "want a list of function names or one comma-separated string"}},
	} {
		_, err := decode(tc.conf)
		if err == nil {
			t.Errorf("decode(%v): no error", tc.conf)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("decode(%v) = %q, want it to contain %q", tc.conf, err, w)
			}
		}
	}
}

// New is what golangci-lint calls: it must reach the registry under the
// linter's name, build an analyzer of its own with the settings and ask for
// type info.
func TestNew(t *testing.T) {
	newPlugin, err := register.GetPlugin("confinecheck")
	if err != nil {
		t.Fatal(err)
	}
	// A function name the analyzer cannot read is reported with its key.
	if _, err := newPlugin(map[string]any{"hop": []any{"Post"}}); err == nil || !strings.Contains(err.Error(), "confinecheck settings: hop: cannot read function name") {
		t.Fatalf("bad function name: err = %v", err)
	}
	// So is a declaration line that does not read, with the nearest verb.
	if _, err := newPlugin(map[string]any{"declare": []any{"hopp example.com/lib.Go"}}); err == nil ||
		!strings.Contains(err.Error(), `confinecheck settings: declare setting "hopp example.com/lib.Go": unknown verb "hopp"`) ||
		!strings.Contains(err.Error(), "did you mean hop?") {
		t.Fatalf("bad declaration: err = %v", err)
	}
	p, err := newPlugin(map[string]any{
		"async":  []any{"example.com/lib.(*Client).OnDisconnect:handler"},
		"strict": true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("load mode %q, want %q", got, register.LoadModeTypesInfo)
	}
	analyzers, err := p.BuildAnalyzers()
	if err != nil || len(analyzers) != 1 || analyzers[0] == analyzer.Analyzer {
		t.Fatalf("BuildAnalyzers() = %v, %v; want one analyzer of the plugin's own", analyzers, err)
	}
	flags := analyzers[0].Flags
	if got := flags.Lookup("async").Value.String(); got != "example.com/lib.Client.OnDisconnect:handler" {
		t.Errorf("-async = %q", got)
	}
	if got := flags.Lookup("strict").Value.String(); got != "true" {
		t.Errorf("-strict = %q", got)
	}
	// A second configuration is independent of the first, and of the
	// process-wide default.
	other, err := newPlugin(map[string]any{"strict": false})
	if err != nil {
		t.Fatal(err)
	}
	if analyzers, _ := other.BuildAnalyzers(); analyzers[0].Flags.Lookup("strict").Value.String() != "false" {
		t.Errorf("a second plugin shares the first one's settings")
	}
	if got := analyzer.Analyzer.Flags.Lookup("async").Value.String(); got != "" {
		t.Errorf("the default analyzer's -async = %q; the plugin must not configure it", got)
	}
}
