package zonelint

import (
	"cmp"
	"io"
	"slices"
	"strconv"
)

// Report is the result of linting one zone.
type Report struct {
	Zone       string
	Findings   []Finding
	BySeverity map[Severity]int
}

func newReport(zone string, fs []Finding) *Report {
	sortFindings(fs)
	r := &Report{Zone: zone, Findings: fs, BySeverity: map[Severity]int{}}
	for _, f := range fs {
		r.BySeverity[f.Severity]++
	}
	return r
}

func sortFindings(fs []Finding) {
	slices.SortStableFunc(fs, func(a, b Finding) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Rule, b.Rule), cmp.Compare(a.Message, b.Message))
	})
}

// Worst returns the highest severity in the report, or Info when empty.
func (r *Report) Worst() Severity {
	w := Info
	for _, f := range r.Findings {
		w = max(w, f.Severity)
	}
	return w
}

// Filter returns findings at or above min.
func (r *Report) Filter(min Severity) []Finding {
	var out []Finding
	for _, f := range r.Findings {
		if f.Severity >= min {
			out = append(out, f)
		}
	}
	return out
}

// ByRule groups findings by rule id.
func (r *Report) ByRule() map[string][]Finding {
	out := map[string][]Finding{}
	for _, f := range r.Findings {
		out[f.Rule] = append(out[f.Rule], f)
	}
	return out
}

// WriteTo writes one line per finding followed by a summary.
func (r *Report) WriteTo(w io.Writer) (int64, error) {
	var total int64
	for _, f := range r.Findings {
		n, err := io.WriteString(w, f.String()+"\n")
		total += int64(n)
		if err != nil {
			return total, err
		}
	}
	summary := r.Zone + ": " + strconv.Itoa(r.BySeverity[Error]) + " errors, " +
		strconv.Itoa(r.BySeverity[Warning]) + " warnings, " + strconv.Itoa(r.BySeverity[Info]) + " notes\n"
	n, err := io.WriteString(w, summary)
	return total + int64(n), err
}
