package directive

// The fuzz target of the directive parser. Its seed corpus is in
// testdata/fuzz/FuzzParseDirective; `go test` runs it as regression tests,
// and
//
//	go test -run '^$' -fuzz '^FuzzParseDirective$' -fuzztime 1m ./internal/directive
//
// explores further (.ci/run does so for a few seconds).

import (
	"slices"
	"strings"
	"testing"
	"unicode"
)

// contractVerbs are the verbs of the directive language
// (docs/directives.md), spelled out here rather than taken from the
// parser, so that a parser accepting anything else fails the fuzzer.
var contractVerbs = []string{
	"owner", "any", "async", "hop", "sync", "inherit", "completes", "offowner", "loop", "ignore", "declare",
}

// printDirective writes a parsed directive back in its canonical spelling.
func printDirective(verb string, args []string) string {
	return strings.Join(append([]string{"//confined:" + verb}, args...), " ")
}

// FuzzParseDirective checks properties of ParseComment that a wrong
// parser violates: only //confined comments are directives; an accepted
// directive has a contract verb, the arity its verb allows, and arguments
// without spaces; printing it and parsing the print gives it back; and
// respacing it (tabs, runs of spaces, trailing blanks) changes nothing.
func FuzzParseDirective(f *testing.F) {
	for _, s := range []string{
		"//confined", "//confined:owner", "//confined:any", "//confined:async f g", "//confined:sync t",
		"//confined:completes async", "//confined:ignore why", "//confined:", "//confined:bogus x",
		"//confinedness", "// confined", "//confined:\u00a0owner", "//confined:hop\tf", "//confined:inherit  fn ",
		"//confined:declare hop example.com/lib.(*Loop).Post:f",
		"//confined:owner @raft", "//confined:hop @fsm f", "//confined:loop @", "//confined:async @x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		verb, args, ok, err := ParseComment(text)
		if !ok {
			if verb != "" || args != nil || err != nil {
				t.Fatalf("ParseComment(%q) = %q, %q, false, %v: not a directive, yet it says more",
					text, verb, args, err)
			}
			return
		}
		checkConfinedComment(t, text)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("ParseComment(%q): empty error message", text)
			}
			return
		}
		checkFromText(t, text, verb, args)
		checkArity(t, text, verb, args)
		checkRoundTrip(t, text, verb, args)
	})
}

// checkConfinedComment fails unless text, which ParseComment took as a
// directive, is //confined or //confined:...
func checkConfinedComment(t *testing.T, text string) {
	t.Helper()
	rest, found := strings.CutPrefix(text, "//confined")
	if !found {
		t.Fatalf("ParseComment(%q) took a comment without the //confined prefix", text)
	}
	if strings.TrimSpace(rest) != "" && !strings.HasPrefix(rest, ":") {
		t.Fatalf("ParseComment(%q) took a comment that is not //confined or //confined:...", text)
	}
}

// checkFromText fails unless the directive parsed from text has a
// contract verb, and it and its arguments are spelled in the text (but
// the bare //confined's owner), each argument a word without spaces.
func checkFromText(t *testing.T, text, verb string, args []string) {
	t.Helper()
	if !slices.Contains(contractVerbs, verb) {
		t.Fatalf("ParseComment(%q) accepted the unknown verb %q", text, verb)
	}
	if verb != VerbOwner && !strings.Contains(text, verb) {
		t.Fatalf("ParseComment(%q) = verb %q, which the text does not spell", text, verb)
	}
	for _, a := range args {
		if a == "" || strings.IndexFunc(a, unicode.IsSpace) >= 0 {
			t.Fatalf("ParseComment(%q): argument %q is empty or has spaces", text, a)
		}
		if !strings.Contains(text, a) {
			t.Fatalf("ParseComment(%q): argument %q is not in the text", text, a)
		}
	}
}

// checkArity fails unless the directive parsed from text has the
// arguments its verb allows.
func checkArity(t *testing.T, text, verb string, args []string) {
	t.Helper()
	switch verb {
	case VerbOwner, VerbAny, VerbOffOwner, VerbLoop:
		if domain, rest, _ := SplitDomain(verb, "", args); len(rest) != 0 || ((verb == VerbAny || verb == VerbOffOwner) && domain != "") {
			t.Fatalf("ParseComment(%q): %s accepted arguments %q", text, verb, args)
		}
	case VerbCompletes:
		if len(args) != 1 || (args[0] != "async" && args[0] != "owner") {
			t.Fatalf("ParseComment(%q): completes accepted %q", text, args)
		}
	case VerbIgnore:
		if len(args) == 0 {
			t.Fatalf("ParseComment(%q): ignore accepted no reason", text)
		}
	case VerbDeclare:
		if len(args) < 2 {
			t.Fatalf("ParseComment(%q): declare accepted no verb or no name", text)
		}
	}
}

// checkRoundTrip fails unless parse -> print -> parse is the identity on
// the directive parsed from text, and so is respacing it.
func checkRoundTrip(t *testing.T, text, verb string, args []string) {
	t.Helper()
	for _, again := range []string{
		printDirective(verb, args),
		"//confined:" + verb + "\t" + strings.Join(args, "  \t ") + " \t",
	} {
		v, a, ok, err := ParseComment(again)
		if !ok || err != nil || v != verb || !slices.Equal(a, args) {
			t.Fatalf("ParseComment(%q) = %q %q, but %q reads as %q %q %v %v",
				text, verb, args, again, v, a, ok, err)
		}
	}
}
