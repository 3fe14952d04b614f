package licenses

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Verdict is the outcome of checking one dependency against a policy.
type Verdict int

// Verdicts, from best to worst.
const (
	Allowed Verdict = iota
	Review
	Denied
)

func (v Verdict) String() string {
	switch v {
	case Allowed:
		return "allowed"
	case Review:
		return "review"
	case Denied:
		return "denied"
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// Policy lists the licenses an organisation accepts. Licenses that are
// neither allowed nor denied need a human review.
type Policy struct {
	Name       string
	Allow      []string
	Deny       []string
	Exceptions map[string]string // module path -> reason
}

// Evaluate checks a dependency whose license is the SPDX expression expr.
// With alternatives ("A OR B") the most favourable one counts; within an
// alternative ("A AND B") the least favourable license counts.
func (p Policy) Evaluate(dep Dependency, expr string) (Verdict, string) {
	if reason, ok := p.Exceptions[dep.Path]; ok {
		return Allowed, "exception: " + reason
	}
	if strings.TrimSpace(expr) == "" {
		return Review, "license unknown"
	}
	alts, err := ParseExpression(expr)
	if err != nil {
		return Review, err.Error()
	}
	best, why := Denied, ""
	for _, all := range alts {
		v, r := p.evaluateAll(all)
		if v < best || why == "" {
			best, why = v, r
		}
	}
	return best, why
}

func (p Policy) evaluateAll(ids []string) (Verdict, string) {
	worst, why := Allowed, "allowed: "+strings.Join(ids, " AND ")
	for _, id := range ids {
		switch {
		case slices.Contains(p.Deny, id):
			return Denied, "denied: " + id
		case !slices.Contains(p.Allow, id):
			if worst < Review {
				worst, why = Review, "not on the allow list: "+id
			}
		}
	}
	return worst, why
}

// ParsePolicy reads a policy in the line format
//
//	name <policy name>
//	allow <id> [<id>...]
//	deny <id> [<id>...]
//	except <module path> <reason...>
//
// Blank lines and lines starting with # are ignored.
func ParsePolicy(r io.Reader) (Policy, error) {
	p := Policy{Exceptions: map[string]string{}}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		verb, rest, _ := strings.Cut(line, " ")
		rest = strings.TrimSpace(rest)
		switch verb {
		case "name":
			p.Name = rest
		case "allow":
			for _, f := range strings.Fields(rest) {
				p.Allow = append(p.Allow, Normalize(f))
			}
		case "deny":
			for _, f := range strings.Fields(rest) {
				p.Deny = append(p.Deny, Normalize(f))
			}
		case "except":
			mod, reason, ok := strings.Cut(rest, " ")
			if !ok {
				return Policy{}, fmt.Errorf("licenses: policy line %d: exception needs a reason", n)
			}
			p.Exceptions[mod] = strings.TrimSpace(reason)
		default:
			return Policy{}, fmt.Errorf("licenses: policy line %d: unknown directive %q", n, verb)
		}
	}
	if err := sc.Err(); err != nil {
		return Policy{}, err
	}
	if p.Name == "" {
		return Policy{}, fmt.Errorf("licenses: policy has no name")
	}
	return p, nil
}

// PolicySource supplies the policy to audit against, for example from a
// central configuration service.
type PolicySource interface {
	Fetch(ctx context.Context) (Policy, error)
}

// PolicyFunc adapts a function to PolicySource.
type PolicyFunc func(ctx context.Context) (Policy, error)

// Fetch calls f.
func (f PolicyFunc) Fetch(ctx context.Context) (Policy, error) { return f(ctx) }

// StaticPolicy returns a PolicySource that always supplies p.
func StaticPolicy(p Policy) PolicySource {
	return PolicyFunc(func(context.Context) (Policy, error) { return p, nil })
}
