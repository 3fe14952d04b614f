// Package golangci is confinecheck's golangci-lint v2 module plugin.
//
// A golangci-lint binary that imports this package (blank import) has a
// linter named "confinecheck", enabled and configured in .golangci.yml:
//
//	linters:
//	  enable: [confinecheck]
//	  settings:
//	    custom:
//	      confinecheck:
//	        type: module
//	        settings:
//	          async: ["example.com/lib.(*Client).OnDisconnect:handler"]
//	          hop: ["example.com/lib.(*Loop).Post"]
//	          strict: false
//
// The settings mirror the analyzer's flags (see Settings). An unknown key
// or a function name the analyzer cannot read is an error that stops
// golangci-lint before it lints anything.
package golangci

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"reflect"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/confinecheck/confinecheck/analyzer"
	"github.com/confinecheck/confinecheck/internal/names"
	"github.com/confinecheck/confinecheck/internal/nearest"
)

func init() {
	register.Plugin("confinecheck", New)
}

// Settings are the plugin's settings, one key per analyzer flag. Each list
// entry is what the flag takes: a function name, optionally followed by
// ":param+param" to name its func parameters. A list may also be written as
// one comma-separated string, as on the command line.
type Settings struct {
	// Async: third-party functions whose func parameters run off the owner.
	Async FuncList `json:"async"`
	// Hop: third-party functions whose func parameters run on the owner.
	Hop FuncList `json:"hop"`
	// Sync: third-party functions whose func parameters run on another
	// goroutine while the caller waits (test runners).
	Sync FuncList `json:"sync"`
	// Inherit: third-party future combinators whose callbacks run where the
	// receiver completes.
	Inherit FuncList `json:"inherit"`
	// CompletesAsync: third-party functions returning futures that complete
	// off the owner.
	CompletesAsync FuncList `json:"completes-async"`
	// CompletesOwner: third-party functions returning futures that complete
	// on the owner.
	CompletesOwner FuncList `json:"completes-owner"`
	// Declare: declaration lines, as the -declare flag's file holds them:
	// "hop github.com/asynkron/protoactor-go/actor.Context.ReenterAfter:continuation".
	Declare []string `json:"declare"`
	// Strict: undeclared futures may complete anywhere; interface calls also
	// reach implementations in the checked package.
	Strict bool `json:"strict"`
	// Explain: report every directive, declaration and inferred sink with
	// what it resolved to.
	Explain bool `json:"explain"`
	// Suggest: report the directives unannotated code suggests instead of
	// findings; golangci-lint's --fix inserts those of each package's own
	// files (the standalone confinecheck -suggest -fix inserts all).
	Suggest bool `json:"suggest"`
	// Packs: the built-in packs to apply, by name ("protoactor", "fyne"),
	// or "none"; every pack whose framework is in the build when unset.
	Packs FuncList `json:"packs"`
	// ConfDigest: ignored by the analysis; change it when a
	// confinecheck.conf changes, so that golangci-lint's cache, which does
	// not see those files, analyses again.
	ConfDigest string `json:"conf-digest"`
}

// FuncList is a list of function names. In YAML it is a list of strings
// or a single comma-separated string.
type FuncList []string

// UnmarshalJSON accepts a list of strings or one comma-separated string.
func (l *FuncList) UnmarshalJSON(data []byte) error {
	var one string
	if err := json.Unmarshal(data, &one); err == nil {
		*l = nil
		for entry := range strings.SplitSeq(one, ",") {
			if entry = strings.TrimSpace(entry); entry != "" {
				*l = append(*l, entry)
			}
		}
		return nil
	}
	var list []string
	if err := json.Unmarshal(data, &list); err != nil {
		return errors.New("want a list of function names or one comma-separated string")
	}
	*l = list
	return nil
}

// keys returns the settings keys, which are the analyzer's flag names.
func keys() []string {
	t := reflect.TypeFor[Settings]()
	out := make([]string, t.NumField())
	for i := range out {
		out[i] = jsonKey(t.Field(i))
	}
	return out
}

func jsonKey(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	return name
}

// Plugin is the golangci-lint plugin: a confinecheck analyzer of its own,
// configured from .golangci.yml.
type Plugin struct {
	analyzer *analysis.Analyzer
}

// New decodes the settings from .golangci.yml and builds the analyzer. A
// function name the analyzer cannot read stops golangci-lint before it
// lints anything.
func New(conf any) (register.LinterPlugin, error) {
	s, err := decode(conf)
	if err != nil {
		return nil, err
	}
	a, err := analyzer.New(analyzer.Settings{
		Async:          s.Async,
		Hop:            s.Hop,
		Sync:           s.Sync,
		Inherit:        s.Inherit,
		CompletesAsync: s.CompletesAsync,
		CompletesOwner: s.CompletesOwner,
		Declare:        s.Declare,
		Strict:         s.Strict,
		Explain:        s.Explain,
		Suggest:        s.Suggest,
		Packs:          s.Packs,
		ConfDigest:     s.ConfDigest,
	})
	if err != nil {
		return nil, fmt.Errorf("confinecheck settings: %v", err)
	}
	return &Plugin{analyzer: forGolangci(a)}, nil
}

// forGolangci returns a, adapted to how golangci-lint turns diagnostics
// into issues: a finding at a touch in another package's file is reported
// at the call leading there (see callInPackage); a finding that has no position (a declaration in the
// settings that names nothing) or one outside the Go files (a mistake in
// a confinecheck.conf, whose place goes into the message) is reported at
// the package clause of the package's first file, since golangci-lint
// drops issues without a Go file;
// and a finding's related positions are left out, since golangci-lint
// would count each as an issue of its own, while the message already says
// where the code left the owner and the path it took.
func forGolangci(a *analysis.Analyzer) *analysis.Analyzer {
	wrapped := *a
	wrapped.Run = func(pass *analysis.Pass) (any, error) {
		inner := *pass
		inner.Report = func(d analysis.Diagnostic) {
			if at := callInPackage(pass.Files, d); at.IsValid() {
				d.Pos, d.End = at, token.NoPos
			}
			if d.Pos.IsValid() && names.FileOf(pass.Files, d.Pos) == nil {
				// A mistake in a confinecheck.conf: golangci-lint drops
				// issues outside Go files, so the place goes in the text.
				d.Message = pass.Fset.Position(d.Pos).String() + ": " + d.Message
				d.Pos, d.End = token.NoPos, token.NoPos
			}
			if !d.Pos.IsValid() && len(pass.Files) > 0 {
				d.Pos = pass.Files[0].Package
			}
			d.Related = nil
			pass.Report(d)
		}
		return a.Run(&inner)
	}
	return &wrapped
}

// callInPackage is, for a finding at a touch in another package's Go
// file (model.FindingPos), the last of its related positions in the
// package's own files: the call that leads there. golangci-lint files an
// issue under the package whose files hold it, so the finding is reported
// at that call, as the analyzer did before it reported touches in the
// module's other packages at their own lines; the message names what is
// touched.
func callInPackage(files []*ast.File, d analysis.Diagnostic) token.Pos {
	if !d.Pos.IsValid() || names.FileOf(files, d.Pos) != nil {
		return token.NoPos
	}
	for i := len(d.Related) - 1; i >= 0; i-- {
		if names.FileOf(files, d.Related[i].Pos) != nil {
			return d.Related[i].Pos
		}
	}
	return token.NoPos
}

// BuildAnalyzers returns the configured analyzer.
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{p.analyzer}, nil
}

// GetLoadMode returns typesinfo: the analyzer needs types, and facts from
// the packages it depends on.
func (*Plugin) GetLoadMode() string { return register.LoadModeTypesInfo }

// decode reads the settings golangci-lint passes (a map from YAML).
func decode(conf any) (Settings, error) {
	s, err := register.DecodeSettings[Settings](conf)
	if err != nil {
		return Settings{}, settingsError(err)
	}
	return s, nil
}

// settingsError rewords register.DecodeSettings's JSON errors in the terms
// of .golangci.yml: the key that is wrong and the keys there are.
func settingsError(err error) error {
	msg := err.Error()
	names := keys()
	if _, field, ok := strings.Cut(msg, "unknown field "); ok {
		field = strings.Trim(field, `"`)
		hint := ""
		if near := nearest.Names(field, names); len(near) > 0 {
			hint = fmt.Sprintf(" (did you mean %q?)", near[0])
		}
		return fmt.Errorf("confinecheck settings: unknown key %q%s; the keys are %s", field, hint, strings.Join(names, ", "))
	}
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		return fmt.Errorf("confinecheck settings: %s: %s is not a %s", typeErr.Field, typeErr.Value, typeErr.Type)
	}
	return fmt.Errorf("confinecheck settings: %s", strings.TrimPrefix(msg, "decoding settings: "))
}
