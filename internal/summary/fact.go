package summary

// SummaryFact exports a function's summary to the packages that call it.
type SummaryFact struct {
	Summary Summary
}

func (*SummaryFact) AFact() {}

func (f *SummaryFact) String() string { return f.Summary.String() }
