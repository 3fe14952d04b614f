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
		"strict":          true,
	})
	if err != nil {
		t.Fatal(err)
	}
	want := Settings{
		Async:          FuncList{"example.com/lib.(*Client).OnDisconnect:handler", "example.com/lib.Every"},
		Hop:            FuncList{"example.com/lib.(*Loop).Post", "example.com/lib.Go:f"},
		CompletesAsync: FuncList{},
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
	return slices.Equal(a.Async, b.Async) && slices.Equal(a.Hop, b.Hop) && slices.Equal(a.Inherit, b.Inherit) &&
		slices.Equal(a.CompletesAsync, b.CompletesAsync) && slices.Equal(a.CompletesOwner, b.CompletesOwner) && a.Strict == b.Strict
}

func TestDecodeErrors(t *testing.T) {
	for _, tc := range []struct {
		conf any
		want []string // substrings of the error
	}{
		{map[string]any{"asnyc": []any{"a.B"}}, []string{`confinecheck settings: unknown key "asnyc" (did you mean "async"?)`, "the keys are async, hop, inherit, completes-async, completes-owner, strict"}},
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
// linter's name, configure the analyzer's flags and ask for type info. The
// flags belong to the process, so this is the only test that applies them.
func TestNew(t *testing.T) {
	newPlugin, err := register.GetPlugin("confinecheck")
	if err != nil {
		t.Fatal(err)
	}
	// A function name the analyzer cannot read is reported with its key
	// and configures nothing.
	if _, err := newPlugin(map[string]any{"hop": []any{"Post"}}); err == nil || !strings.Contains(err.Error(), "confinecheck settings: hop: cannot read function name") {
		t.Fatalf("bad function name: err = %v", err)
	}
	conf := map[string]any{
		"async":  []any{"example.com/lib.(*Client).OnDisconnect:handler"},
		"strict": true,
	}
	p, err := newPlugin(conf)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("load mode %q, want %q", got, register.LoadModeTypesInfo)
	}
	analyzers, err := p.BuildAnalyzers()
	if err != nil || len(analyzers) != 1 || analyzers[0] != analyzer.Analyzer {
		t.Fatalf("BuildAnalyzers() = %v, %v", analyzers, err)
	}
	flags := analyzer.Analyzer.Flags
	if got := flags.Lookup("async").Value.String(); got != "example.com/lib.Client.OnDisconnect:handler" {
		t.Errorf("-async = %q", got)
	}
	if got := flags.Lookup("strict").Value.String(); got != "true" {
		t.Errorf("-strict = %q", got)
	}
	// The same settings again are fine; different ones cannot be honoured.
	if _, err := newPlugin(conf); err != nil {
		t.Errorf("configuring again with the same settings: %v", err)
	}
	if _, err := newPlugin(map[string]any{"strict": false}); err == nil || !strings.Contains(err.Error(), "configured twice with different settings") {
		t.Errorf("configuring again with other settings: err = %v", err)
	}
}
