package analyzer

// SaveFlagSettings snapshots the analyzer's flag settings and returns a
// function restoring them. Analyzer.Flags offers no way to undo a Set
// (funcList.Set only adds), so the external tests that set flags use this to
// keep them from leaking into later tests. The lists are copied through
// String and Set, so that the copy does not share their maps.
func SaveFlagSettings() (restore func()) {
	saved := flagSettings
	for _, l := range []*funcList{&saved.async, &saved.hop, &saved.inherit, &saved.completesAsync, &saved.completesOwner} {
		var clone funcList
		if err := clone.Set(l.String()); err != nil {
			panic(err)
		}
		*l = clone
	}
	return func() { flagSettings = saved }
}
