package domains

// hopBoth hands the auditor a callback that takes over a report (the
// auditor's) and reads the coordinator's own book: the read on @audit is the
// finding. The book is not handed over, so the coordinator's touch after
// the hop is not one.
func (c *Coord) hopBoth() {
	r := &Report{}
	c.auditor.post(func() {
		r.lines++
		_ = c.book.n // want `reads @coord state domains.Coord.book from code that \(\*domains.Auditor\).post runs on @audit`
	})
	c.book.n++
}

// hopReport hands over only the report, and keeps writing it.
func (c *Coord) hopReport() {
	r := &Report{}
	c.auditor.post(func() {
		r.lines++
	})
	r.lines-- // want `writes domains.Report.lines after sending \*domains.Report to @audit`
}
