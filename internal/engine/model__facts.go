package engine

import (
	"go/types"
)

// importedSummary returns the summary another package exported for fn.
func (m *Model) importedSummary(fn *types.Func) *Summary {
	if fn.Pkg() == m.pass.Pkg {
		return nil
	}
	if s, ok := m.importedSums[fn]; ok {
		return s
	}
	var fact SummaryFact
	var s *Summary
	if m.pass.ImportObjectFact(fn, &fact) {
		s = &fact.Summary
	}
	m.importedSums[fn] = s
	return s
}
