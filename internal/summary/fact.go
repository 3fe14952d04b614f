package summary

import "github.com/confinecheck/confinecheck/internal/names"

// SummaryFact exports a function's summary to the packages that call it.
type SummaryFact struct {
	Summary Summary
}

func (*SummaryFact) AFact() {}

func (f *SummaryFact) String() string { return f.Summary.String() }

// CarrierFact exports that a field carries a confined field's map or
// slice, the owner's own (see walk's carriers.go): Member names that
// field, Domain its owner.
type CarrierFact struct {
	Member, Domain string
}

func (*CarrierFact) AFact() {}

func (f *CarrierFact) String() string { return "carries " + f.Member + names.AtDomain(f.Domain) }
