package directive

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A parseCase is a comment and what ParseComment should make of it.
type parseCase struct {
	text    string
	verb    string
	args    []string
	ok      bool
	wantErr string // substring of the error; "" for none
}

// parseCases are TestParseDirective's comments, by what they exercise.
var parseCases = []parseCase{
	// The owner marker, bare and explicit.
	{text: "//confined", verb: VerbOwner, ok: true},
	{text: "//confined   ", verb: VerbOwner, ok: true},
	{text: "//confined:owner", verb: VerbOwner, ok: true},
	{text: "//confined:owner extra", verb: VerbOwner, ok: true, wantErr: `takes no arguments, got "extra"`},
	{text: "//confined:any", verb: VerbAny, ok: true},
	{text: "//confined:any x y", verb: VerbAny, ok: true, wantErr: `//confined:any takes no arguments, got "x y"`},
	{text: "//confined:loop", verb: VerbLoop, ok: true},
	{text: "//confined:loop now", verb: VerbLoop, ok: true, wantErr: "takes no arguments"},

	// PARAM lists.
	{text: "//confined:async", verb: VerbAsync, ok: true},
	{text: "//confined:async f", verb: VerbAsync, args: []string{"f"}, ok: true},
	{text: "//confined:async  onMsg   onErr ", verb: VerbAsync, args: []string{"onMsg", "onErr"}, ok: true},
	{text: "//confined:hop", verb: VerbHop, ok: true},
	{text: "//confined:hop f", verb: VerbHop, args: []string{"f"}, ok: true},
	{text: "//confined:inherit", verb: VerbInherit, ok: true},
	{text: "//confined:inherit fn", verb: VerbInherit, args: []string{"fn"}, ok: true},

	// owner, loop and hop may name a domain first; nothing else may.
	{text: "//confined:owner @raft", verb: VerbOwner, args: []string{"@raft"}, ok: true},
	{text: "//confined:loop @fsm", verb: VerbLoop, args: []string{"@fsm"}, ok: true},
	{text: "//confined:hop @fsm f", verb: VerbHop, args: []string{"@fsm", "f"}, ok: true},
	{text: "//confined:owner @raft extra", verb: VerbOwner, ok: true, wantErr: `takes no arguments, got "extra"; only the owner it names may come first`},
	{text: "//confined:owner @", verb: VerbOwner, args: []string{"@"}, ok: true, wantErr: `names the domain "@", which is not a name`},
	{text: "//confined:loop @1st", verb: VerbLoop, args: []string{"@1st"}, ok: true, wantErr: "which is not a name"},
	{text: "//confined:hop f @fsm", verb: VerbHop, args: []string{"f", "@fsm"}, ok: true, wantErr: "names its domain first: write //confined:hop @fsm f"},
	{text: "//confined:any @raft", verb: VerbAny, args: []string{"@raft"}, ok: true, wantErr: "//confined:any takes no @DOMAIN (@raft)"},
	{text: "//confined:async @raft f", verb: VerbAsync, args: []string{"@raft", "f"}, ok: true, wantErr: "only owner, loop and hop name an owner"},

	// completes takes exactly one of async and owner.
	{text: "//confined:completes async", verb: VerbCompletes, args: []string{"async"}, ok: true},
	{text: "//confined:completes owner", verb: VerbCompletes, args: []string{"owner"}, ok: true},
	{text: "//confined:completes", verb: VerbCompletes, ok: true, wantErr: `exactly one of "async" or "owner"`},
	{text: "//confined:completes later", verb: VerbCompletes, args: []string{"later"}, ok: true,
		wantErr: "exactly one of"},
	{text: "//confined:completes async owner", verb: VerbCompletes, args: []string{"async", "owner"}, ok: true,
		wantErr: "exactly one of"},

	// ignore needs a reason.
	{text: "//confined:ignore the owner is blocked in Wait", verb: VerbIgnore, ok: true,
		args: []string{"the", "owner", "is", "blocked", "in", "Wait"}},
	{text: "//confined:ignore", verb: VerbIgnore, ok: true, wantErr: "needs a reason"},
	{text: "//confined:ignore   ", verb: VerbIgnore, ok: true, wantErr: "needs a reason"},

	// Malformed directives are ours, and errors.
	{text: "//confined:", ok: true, wantErr: "has no verb"},
	{text: "//confined:   ", ok: true, wantErr: "has no verb"},
	{text: "//confined:bogus", verb: "bogus", ok: true, wantErr: "unknown directive //confined:bogus"},
	{text: "//confined:bogus a b", verb: "bogus", args: []string{"a", "b"}, ok: true, wantErr: "unknown directive"},
	{text: "//confined:Owner", verb: "Owner", ok: true, wantErr: "unknown directive //confined:Owner"},

	// Not directives at all.
	{text: "// confined", ok: false}, // gofmt's marker: the caller decides
	{text: "// confined:owner"},
	{text: "//confinedness is good"},
	{text: "//confined_by_design"},
	{text: "//confined-owner"},
	{text: "/*confined:owner*/"},
	{text: "// this type is //confined:owner"},
	{text: "//go:build linux"},
	{text: ""},
}

func TestParseDirective(t *testing.T) {
	for _, tt := range parseCases {
		t.Run(tt.text, func(t *testing.T) {
			verb, args, ok, err := ParseComment(tt.text)
			assert.Equal(t, tt.ok, ok, "ok")
			if !tt.ok {
				assert.NoError(t, err)
				return
			}
			assert.Equal(t, tt.verb, verb, "verb")
			if len(tt.args) == 0 {
				assert.Empty(t, args, "args")
			} else {
				assert.Equal(t, tt.args, args, "args")
			}
			if tt.wantErr == "" {
				assert.NoError(t, err)
			} else if assert.Error(t, err) {
				assert.Contains(t, err.Error(), tt.wantErr)
			}
		})
	}
}

func TestParseGofmtMarker(t *testing.T) {
	for text, want := range map[string]bool{
		"// confined":          true,
		"// confined  ":        true,
		"//confined":           false, // ParseComment's business
		"// confined:owner":    false,
		"// confined by mutex": false,
		"//  confined":         true,
		"// Confined":          false,
	} {
		assert.Equal(t, want, isGofmtMarker(text), "%q", text)
	}
}

func TestParseNormalizeFuncName(t *testing.T) {
	tests := []struct {
		name    string
		want    string
		wantErr bool
	}{
		{name: "time.AfterFunc", want: "time.AfterFunc"},
		{name: "context.AfterFunc", want: "context.AfterFunc"},
		{name: "sync.(*WaitGroup).Go", want: "sync.WaitGroup.Go"},
		{name: "sync.WaitGroup.Go", want: "sync.WaitGroup.Go"},
		{name: "sync.(WaitGroup).Go", want: "sync.WaitGroup.Go"},
		{name: "(*sync.WaitGroup).Go", want: "sync.WaitGroup.Go"},
		{name: "(sync.WaitGroup).Go", want: "sync.WaitGroup.Go"},
		{name: "example.com/lib.(*Client).OnDisconnect", want: "example.com/lib.Client.OnDisconnect"},
		{name: "example.com/lib.Client.OnDisconnect", want: "example.com/lib.Client.OnDisconnect"},
		{name: "(*example.com/lib.Client).OnDisconnect", want: "example.com/lib.Client.OnDisconnect"},
		{name: "example.com/lib.Dial", want: "example.com/lib.Dial"},
		{name: "golang.org/x/sync/errgroup.(*Group).TryGo", want: "golang.org/x/sync/errgroup.Group.TryGo"},

		// Generic receivers, as types.Func.FullName writes them: the key has
		// no type parameters (see FuncKey).
		{name: "(*github.com/a/future.Future[T]).Map", want: "github.com/a/future.Future.Map"},
		{name: "github.com/a/future.(*Future[T]).Map", want: "github.com/a/future.Future.Map"},

		// Import paths whose last element has a dot.
		{name: "gopkg.in/yaml.v3.Marshal", want: "gopkg.in/yaml.v3.Marshal"},
		{name: "(*gopkg.in/yaml.v3.Decoder).Decode", want: "gopkg.in/yaml.v3.Decoder.Decode"},
		{name: "gopkg.in/yaml.v3.(*Decoder).Decode", want: "gopkg.in/yaml.v3.Decoder.Decode"},
		{name: "gopkg.in/yaml.v3.Decoder.Decode", want: "gopkg.in/yaml.v3.Decoder.Decode"},

		// Not function names.
		{name: "", wantErr: true},
		{name: "AfterFunc", wantErr: true},
		{name: "example.com/lib", wantErr: true},
		{name: "example.com/lib.", wantErr: true},
		{name: "(*Client).OnDisconnect", wantErr: true},
		{name: "(*example.com/lib.Client)", wantErr: true},
		{name: "(*example.com/lib.Client).", wantErr: true},
		{name: "example.com/lib.(*Client).", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := NormalizeFuncName(tt.name)
			if tt.wantErr {
				if assert.Error(t, err, "got %q", got) {
					assert.Contains(t, err.Error(), "cannot read function name")
				}
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestParseFuncListSet(t *testing.T) {
	tests := []struct {
		name    string
		values  []string // one Set call each, as a repeated flag
		want    map[string][]string
		wantErr string
	}{
		{
			name:   "one function, all parameters",
			values: []string{"time.AfterFunc"},
			want:   map[string][]string{"time.AfterFunc": nil},
		},
		{
			name:   "named parameters",
			values: []string{"example.com/lib.(*Client).OnDisconnect:handler+onError"},
			want:   map[string][]string{"example.com/lib.Client.OnDisconnect": {"handler", "onError"}},
		},
		{
			name:   "comma separated, spaces and empty entries ignored",
			values: []string{" time.AfterFunc:f , ,context.AfterFunc ,"},
			want:   map[string][]string{"time.AfterFunc": {"f"}, "context.AfterFunc": nil},
		},
		{
			name:   "repeated flag accumulates",
			values: []string{"example.com/lib.(*Client).OnDisconnect", "example.com/lib.(*Client).Post:f"},
			want: map[string][]string{"example.com/lib.Client.OnDisconnect": nil,
				"example.com/lib.Client.Post": {"f"}},
		},
		{
			name:   "parameters of one function accumulate across spellings",
			values: []string{"(*example.com/lib.Client).Subscribe:a", "example.com/lib.Client.Subscribe:b"},
			want:   map[string][]string{"example.com/lib.Client.Subscribe": {"a", "b"}},
		},
		{
			// A bare name declares every func parameter, like a directive
			// without PARAMs; naming one of them later must not narrow it
			// (//confined:async plus //confined:async f is still all of them).
			name:   "all parameters then one stays all",
			values: []string{"example.com/lib.Subscribe", "example.com/lib.Subscribe:a"},
			want:   map[string][]string{"example.com/lib.Subscribe": nil},
		},
		{
			name:   "one parameter then all is all",
			values: []string{"example.com/lib.Subscribe:a", "example.com/lib.Subscribe"},
			want:   map[string][]string{"example.com/lib.Subscribe": nil},
		},
		{
			name:    "bad name",
			values:  []string{"time.AfterFunc,AfterFunc"},
			wantErr: `cannot read function name "AfterFunc"`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var l FuncList
			var err error
			for _, v := range tt.values {
				if err = l.Set(v); err != nil {
					break
				}
			}
			if tt.wantErr != "" {
				if assert.Error(t, err) {
					assert.Contains(t, err.Error(), tt.wantErr)
				}
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, l.specs)
		})
	}
}

func TestParseFuncListString(t *testing.T) {
	var l FuncList
	assert.Equal(t, "", l.String())
	assert.Equal(t, "", (*FuncList)(nil).String())
	require.NoError(t, l.Set("time.AfterFunc:f,example.com/lib.(*Client).OnDisconnect:h+e"))
	assert.Equal(t, "example.com/lib.Client.OnDisconnect:h+e,time.AfterFunc:f", l.String())

	// String's output reads back to the same list.
	var again FuncList
	require.NoError(t, again.Set(l.String()))
	assert.Equal(t, l.specs, again.specs)
}

// TestParseFuncListLookup checks that every accepted spelling of a function
// finds the types.Func it names.
func TestParseFuncListLookup(t *testing.T) {
	check := func(path, src string) *types.Package {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "x.go", src, 0)
		require.NoError(t, err)
		pkg, err := new(types.Config).Check(path, fset, []*ast.File{f}, nil)
		require.NoError(t, err)
		return pkg
	}
	method := func(pkg *types.Package, typ, name string) *types.Func {
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(pkg.Scope().Lookup(typ).Type()), true, pkg, name)
		require.NotNil(t, obj, "%s.%s", typ, name)
		return obj.(*types.Func)
	}
	lib := check("example.com/lib", `package lib
type Client struct{}
func (c *Client) OnDisconnect(h func()) {}
func (c Client) Value(h func()) {}
func Dial(f func()) {}`)
	yaml := check("gopkg.in/yaml.v3", `package yaml
type Decoder struct{}
func (d *Decoder) Each(f func()) {}
func Marshal(f func()) {}`)
	future := check("github.com/a/future", `package future
type Future[T any] struct{}
func (f *Future[T]) Map(fn func(T) T) *Future[T] { return f }`)

	tests := []struct {
		spelling string
		fn       *types.Func
	}{
		{"example.com/lib.(*Client).OnDisconnect", method(lib, "Client", "OnDisconnect")},
		{"(*example.com/lib.Client).OnDisconnect", method(lib, "Client", "OnDisconnect")},
		{"example.com/lib.Client.OnDisconnect", method(lib, "Client", "OnDisconnect")},
		{"example.com/lib.Client.Value", method(lib, "Client", "Value")},
		{"(example.com/lib.Client).Value", method(lib, "Client", "Value")},
		{"example.com/lib.Dial", lib.Scope().Lookup("Dial").(*types.Func)},
		{"gopkg.in/yaml.v3.Marshal", yaml.Scope().Lookup("Marshal").(*types.Func)},
		{"(*gopkg.in/yaml.v3.Decoder).Each", method(yaml, "Decoder", "Each")},
		{"gopkg.in/yaml.v3.(*Decoder).Each", method(yaml, "Decoder", "Each")},
		{"github.com/a/future.(*Future).Map", method(future, "Future", "Map")},
		{method(future, "Future", "Map").FullName(), method(future, "Future", "Map")},
	}
	for _, tt := range tests {
		t.Run(tt.spelling, func(t *testing.T) {
			var l FuncList
			require.NoError(t, l.Set(tt.spelling+":h"))
			params, ok := l.Lookup(tt.fn)
			assert.True(t, ok, "%s does not find %s", tt.spelling, tt.fn.FullName())
			assert.Equal(t, []string{"h"}, params)
		})
	}

	// A listed function does not match its namesakes elsewhere.
	var l FuncList
	require.NoError(t, l.Set("example.com/lib.Dial"))
	_, ok := l.Lookup(yaml.Scope().Lookup("Marshal").(*types.Func))
	assert.False(t, ok)
	_, ok = l.Lookup(method(lib, "Client", "OnDisconnect"))
	assert.False(t, ok)
}
