package exporters

import "exporters/ledger"

type fileExporter struct{ lines []string }

func (f *fileExporter) Export(entries []ledger.Entry) error { // want Export:`summary\(arg1 writes ledger\.Entry\.Amount; reads the entries of arg1\)`
	for _, e := range entries {
		f.lines = append(f.lines, e.ID)
	}
	entries[0].Amount = 0
	return nil
}

var _ ledger.Exporter = (*fileExporter)(nil)

type auditor struct{ total int }

func (a *auditor) Audit(entries []*ledger.Entry) { // want Audit:`summary\(arg1 reads ledger\.Entry\.Amount; reads the entries of arg1\)`
	for _, e := range entries {
		a.total += e.Amount // want `reads confined ledger.Entry.Amount off the owner: this code runs via \(\*exporters.auditor\).Audit, which implements \(ledger.Auditor\).Audit, which ledger calls off the owner \(in \(\*ledger.Ledger\).Audit\)`
	}
}

var _ ledger.Auditor = (*auditor)(nil)
