package directive

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"github.com/confinecheck/confinecheck/internal/nearest"
)

// Directive verbs, as written after "//confined:".
const (
	VerbOwner     = "owner"
	VerbAny       = "any"
	VerbAsync     = "async"
	VerbHop       = "hop"
	VerbSync      = "sync"
	VerbInherit   = "inherit"
	VerbCompletes = "completes"
	VerbOffOwner  = "offowner"
	VerbLoop      = "loop"
	VerbIgnore    = "ignore"
	VerbDeclare   = "declare"
)

// verbs lists the directive verbs in the order messages name them.
var verbs = []string{VerbOwner, VerbAny, VerbAsync, VerbHop, VerbSync, VerbInherit, VerbCompletes, VerbOffOwner, VerbLoop, VerbIgnore, VerbDeclare}

// knownVerbs is verbs as a message lists them.
func knownVerbs(vs []string) string {
	return strings.Join(vs[:len(vs)-1], ", ") + " and " + vs[len(vs)-1]
}

// A directive is one parsed //confined comment line, or what a declaration
// says (see declare.go).
type directive struct {
	verb   string
	args   []string // PARAM names, or completes' value
	domain string   // the owner an owner, loop or hop directive names, without "@"
	pos    token.Pos
	end    token.Pos // of the comment
	// form is how messages spell the directive: "//confined:hop" in a doc
	// comment, "//confined:declare hop" or "-hop" for a declaration.
	form string
}

// spelling is how messages name d.
func (d directive) spelling() string {
	if d.form != "" {
		return d.form
	}
	return "//confined:" + d.verb
}

// ParseComment reads one comment. ok is false for comments that are not
// directives; err is set for directives that are malformed on their own.
// The bare "//confined" is the owner marker; gofmt's "// confined" is accepted
// by the caller only where a type marker may stand (see markerOnly).
func ParseComment(text string) (verb string, args []string, ok bool, err error) {
	rest, found := strings.CutPrefix(text, "//confined")
	if !found {
		return "", nil, false, nil
	}
	switch {
	case strings.TrimSpace(rest) == "":
		return VerbOwner, nil, true, nil
	case rest[0] != ':':
		return "", nil, false, nil // e.g. "//confinedness", not ours
	}
	fields := strings.Fields(rest[1:])
	if len(fields) == 0 {
		return "", nil, true, fmt.Errorf("directive %q has no verb; write //confined:VERB, where VERB is one of %s", text, knownVerbs(verbs))
	}
	verb, args = fields[0], fields[1:]
	switch verb {
	case VerbOwner, VerbAny, VerbOffOwner, VerbLoop:
		if _, rest, err := SplitDomain(verb, "//confined:"+verb, args); err != nil {
			return verb, args, true, err
		} else if len(rest) > 0 {
			return verb, nil, true, fmt.Errorf("//confined:%s takes no arguments, got %q%s", verb, strings.Join(rest, " "), domainUsage(verb))
		}
	case VerbAsync, VerbHop, VerbSync, VerbInherit:
		if _, _, err := SplitDomain(verb, "//confined:"+verb, args); err != nil {
			return verb, args, true, err
		}
	case VerbCompletes:
		if _, err := parseCompletion(args); err != nil {
			return verb, args, true, err
		}
	case VerbIgnore:
		if len(args) == 0 {
			return verb, nil, true, fmt.Errorf("//confined:ignore needs a reason: say why this touch is safe")
		}
	case VerbDeclare:
		if len(args) < 2 {
			return verb, args, true, fmt.Errorf("//confined:declare needs a verb and a name, as in //confined:declare hop example.com/lib.(*Client).Post")
		}
	default:
		return verb, args, true, fmt.Errorf("unknown directive //confined:%s; known verbs are %s%s", verb, knownVerbs(verbs), nearest.DidYouMean(verb, verbs))
	}
	return verb, args, true, nil
}

// SplitDomain takes the @DOMAIN that owner, loop and hop may name first
// among args. It returns the domain without "@" ("" for none) and the rest.
// form is how messages spell the directive ("//confined:hop").
func SplitDomain(verb, form string, args []string) (domain string, rest []string, err error) {
	for i, a := range args {
		name, ok := strings.CutPrefix(a, "@")
		switch {
		case !ok:
			continue
		case !takesDomain(verb):
			return "", nil, fmt.Errorf("%s takes no @DOMAIN (%s): only owner, loop and hop name an owner", form, a)
		case i > 0:
			return "", nil, fmt.Errorf("%s names its domain first: write %s %s %s", form, form, a, strings.Join(slices.Delete(slices.Clone(args), i, i+1), " "))
		case !token.IsIdentifier(name):
			return "", nil, fmt.Errorf("%s names the domain %q, which is not a name; write @NAME, as in @raft", form, a)
		}
		domain = name
	}
	if domain != "" {
		args = args[1:]
	}
	return domain, args, nil
}

func takesDomain(verb string) bool {
	return verb == VerbOwner || verb == VerbLoop || verb == VerbHop
}

// domainUsage is what a message about verb's arguments adds for its
// @DOMAIN.
func domainUsage(verb string) string {
	if takesDomain(verb) {
		return "; only the owner it names may come first, as in " + verb + " @raft"
	}
	return ""
}

// isGofmtMarker reports whether c is the "// confined" line gofmt makes of a
// bare "//confined"; it is a directive only on a type declaration.
func isGofmtMarker(text string) bool {
	return strings.TrimSpace(strings.TrimPrefix(text, "//")) == "confined" && strings.HasPrefix(text, "// ")
}

// parseCompletion reads the argument of //confined:completes.
func parseCompletion(args []string) (Completion, error) {
	if len(args) == 1 {
		switch args[0] {
		case CompletesOffOwner.String():
			return CompletesOffOwner, nil
		case CompletesOnOwner.String():
			return CompletesOnOwner, nil
		}
	}
	return CompletesUnknown, fmt.Errorf("//confined:completes takes exactly one of %q or %q", CompletesOffOwner, CompletesOnOwner)
}

func placeFor(verb string) string {
	switch verb {
	case VerbOwner:
		return "type, struct field, func, method or interface method"
	case VerbAny:
		return "method or struct field of a confined type"
	case VerbLoop:
		return "func or method, or on the line above a go statement whose function is a literal"
	case VerbOffOwner:
		return "func, method, interface method, or interface or func type"
	case VerbCompletes:
		return "func or method returning a future"
	default:
		return "func, method or interface method"
	}
}
