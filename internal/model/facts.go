package model

import (
	"go/types"

	"github.com/confinecheck/confinecheck/internal/summary"
)

// importedSummary returns the summary another package exported for fn.
func (m *Model) ImportedSummary(fn *types.Func) *summary.Summary {
	if fn.Pkg() == m.pass.Pkg {
		return nil
	}
	if s, ok := m.importedSums[fn]; ok {
		return s
	}
	var fact summary.SummaryFact
	var s *summary.Summary
	if m.pass.ImportObjectFact(fn, &fact) {
		s = &fact.Summary
	}
	m.importedSums[fn] = s
	return s
}
