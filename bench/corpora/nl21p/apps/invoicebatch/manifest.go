package invoicebatch

import (
	"encoding/json"
	"io"
	"slices"
	"time"
)

// Entry describes one stored batch document.
type Entry struct {
	Batch    string   `json:"batch"`
	Customer string   `json:"customer"`
	Key      string   `json:"key,omitempty"`
	Invoices []string `json:"invoices,omitempty"`
	Pages    int      `json:"pages"`
	Bytes    int      `json:"bytes"`
	SHA256   string   `json:"sha256,omitempty"`
	Attempts int      `json:"attempts,omitempty"`
	Error    string   `json:"error,omitempty"`
}

// Rejection is an invoice left out because it failed validation.
type Rejection struct {
	Invoice string `json:"invoice"`
	Batch   string `json:"batch"`
	Reason  string `json:"reason"`
}

// Manifest lists everything a Run produced.
type Manifest struct {
	Created  time.Time        `json:"created"`
	Entries  []Entry          `json:"entries"`
	Rejected []Rejection      `json:"rejected,omitempty"`
	Warnings []string         `json:"warnings,omitempty"`
	Totals   map[string]Money `json:"totals"`
}

func newManifest(now time.Time, entries []Entry, rejected []Rejection) *Manifest {
	m := &Manifest{Created: now.UTC(), Entries: entries, Rejected: slices.Clone(rejected)}
	slices.SortFunc(m.Rejected, func(a, b Rejection) int {
		if a.Invoice < b.Invoice {
			return -1
		}
		if a.Invoice > b.Invoice {
			return 1
		}
		return 0
	})
	return m
}

// addTotals sums the gross amount of every stored invoice per currency.
func (m *Manifest) addTotals(invoices []Invoice) {
	stored := make(map[string]bool)
	for _, e := range m.Entries {
		if e.Error != "" {
			continue
		}
		for _, n := range e.Invoices {
			stored[n] = true
		}
	}
	m.Totals = make(map[string]Money)
	for i := range invoices {
		if stored[invoices[i].Number] {
			m.Totals[invoices[i].Currency] += invoices[i].Totals().Gross
		}
	}
}

// Stored reports how many entries were stored successfully.
func (m *Manifest) Stored() int {
	n := 0
	for _, e := range m.Entries {
		if e.Error == "" {
			n++
		}
	}
	return n
}

// WriteJSON writes the manifest as indented JSON.
func (m *Manifest) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(m)
}
