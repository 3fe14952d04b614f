// Package suggestreadonly: a pointer method that writes nothing is no write
// for -suggest.
package suggestreadonly

// A loop that calls a read-only pointer method on a frame's embedded
// header (the address is taken to call it, nothing is written) owns the
// reader, not the frame.
type header struct{ valid bool }

func (h *header) check() {
	if !h.valid {
		panic("frame used after its read")
	}
}

type frame struct {
	header
	n int
}

type reader struct { // want `suggest for suggestreadonly.reader: //confined:owner`
	in    chan int
	cur   *frame
	total int
}

func newReader() *reader {
	r := &reader{in: make(chan int), cur: &frame{}}
	go r.loop()
	return r
}

func (r *reader) loop() { // want `suggest for \(\*suggestreadonly.reader\).loop: //confined:loop` loop:`confined:loop`
	for n := range r.in {
		r.cur.check()
		r.total += n + r.cur.n
	}
}
