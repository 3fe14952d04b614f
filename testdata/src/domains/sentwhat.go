package domains

// hopBoth hands the auditor a callback that takes over a report and reads
// the coordinator's own book; the book touched afterwards is named, not the
// report.
func (c *Coord) hopBoth() {
	r := &Report{}
	c.auditor.post(func() {
		r.lines++
		_ = c.book.n // want `reads @coord state domains.Coord.book from code that \(\*domains.Auditor\).post runs on @audit`
	})
	c.book.n++ // want `writes domains.Book.n after sending \*domains.Coord to @audit`
}
