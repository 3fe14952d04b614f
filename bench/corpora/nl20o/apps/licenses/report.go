package licenses

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
)

// Entry is the audit result for one dependency.
type Entry struct {
	Dependency
	License string
	Verdict Verdict
	Reason  string
}

// Report is the result of an audit.
type Report struct {
	Policy    string
	Generated time.Time
	Entries   []Entry
}

// Count returns how many entries have verdict v.
func (r *Report) Count(v Verdict) int {
	n := 0
	for _, e := range r.Entries {
		if e.Verdict == v {
			n++
		}
	}
	return n
}

// Violations returns the denied entries followed by those that need a
// review, each group sorted by module path.
func (r *Report) Violations() []Entry {
	var out []Entry
	for _, e := range r.Entries {
		if e.Verdict != Allowed {
			out = append(out, e)
		}
	}
	slices.SortStableFunc(out, func(a, b Entry) int {
		if a.Verdict != b.Verdict {
			return int(b.Verdict - a.Verdict)
		}
		return strings.Compare(a.Path, b.Path)
	})
	return out
}

// Passed reports whether no dependency was denied.
func (r *Report) Passed() bool { return r.Count(Denied) == 0 }

// WriteText writes the report as an aligned table.
func (r *Report) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "policy %s: %d allowed, %d review, %d denied\n",
		r.Policy, r.Count(Allowed), r.Count(Review), r.Count(Denied))
	fmt.Fprintln(tw, "MODULE\tVERSION\tLICENSE\tVERDICT\tREASON")
	for _, e := range r.Entries {
		lic := e.License
		if lic == "" {
			lic = "?"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", e.Path, e.Version, lic, e.Verdict, e.Reason)
	}
	return tw.Flush()
}
