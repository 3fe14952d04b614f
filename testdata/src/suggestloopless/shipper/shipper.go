// Package shipper: batches whose methods start a goroutine on the batch's
// slice while the batch keeps filling the same array (b.buf = b.buf[:0]):
// the goroutine reads the entries, through a sink's method, as the caller
// appends the next ones. The caller owns the batch, though the package
// runs a loop of its own (the relay's) that never touches it. Handing the
// slice off (replacing the field before or after the start) shares
// nothing.
package shipper

import "sync"

type Record struct{ ID string }

type Sink interface{ Put(recs []Record) } // want Put:`entry point, called off the owner by \(\*shipper\.Batcher\)\.ship` Put:`summary\(reads the entries of arg1\)`

type memSink struct {
	mu  sync.Mutex
	ids []string
}

func (s *memSink) Put(recs []Record) { // want Put:`summary\(reads the entries of arg1\)` Put:`reads suggestloopless/shipper\.Record\.ID, suggestloopless/shipper\.memSink\.ids`
	for i := range recs {
		s.note(recs[i].ID)
	}
}

func (s *memSink) note(id string) {
	s.mu.Lock()
	s.ids = append(s.ids, id)
	s.mu.Unlock()
}

// Relay is the package's loop.
type Relay struct { // want `suggest for shipper\.Relay: //confined:owner`
	in   chan Record
	seen int
}

func (r *Relay) run() { // want `suggest for \(\*shipper\.Relay\)\.run: //confined:loop` run:`confined:loop`
	for rec := range r.in {
		r.seen += len(rec.ID)
	}
}

func (r *Relay) Start() { go r.run() } // want Start:`summary\(started arg0; starts a loop\)`

// The positive: Add ships the filled array and refills it.
type Batcher struct { // want `suggest for shipper\.Batcher: //confined:owner: code off the owner \(\(\*shipper\.Batcher\)\.ship\) touches its field buf without a lock, and the code that creates and calls the value uses it too \(\(\*shipper\.Batcher\)\.Add\)`
	sink Sink // want `suggest for field sink: //confined:any`
	size int  // want `suggest for field size: //confined:any`
	buf  []Record
	wg   sync.WaitGroup
}

func NewBatcher(s Sink, size int) *Batcher { // want NewBatcher:`summary\(\)`
	return &Batcher{sink: s, size: size, buf: make([]Record, 0, size)}
}

// NewLocal keeps the records in memory.
func NewLocal(size int) *Batcher { return NewBatcher(&memSink{}, size) }

func (b *Batcher) Add(r Record) { // want Add:`summary\(started arg0\)` Add:`writes suggestloopless/shipper\.Batcher\.buf; reads suggestloopless/shipper\.Batcher\.buf, suggestloopless/shipper\.Batcher\.size`
	b.buf = append(b.buf, r)
	if len(b.buf) >= b.size {
		b.wg.Add(1)
		go b.ship(b.buf)
		b.buf = b.buf[:0]
	}
}

func (b *Batcher) ship(recs []Record) {
	defer b.wg.Done()
	b.sink.Put(recs)
}

func (b *Batcher) Wait() { b.wg.Wait() } // want Wait:`may block`

// Look-alike: Flush replaces the slice before it starts the goroutine on
// the old one.
type Flusher struct {
	sink Sink
	buf  []Record
	wg   sync.WaitGroup
}

func (f *Flusher) Add(r Record) { f.buf = append(f.buf, r) } // want Add:`writes suggestloopless/shipper\.Flusher\.buf; reads suggestloopless/shipper\.Flusher\.buf`

func (f *Flusher) Flush() { // want Flush:`writes suggestloopless/shipper\.Flusher\.buf; reads suggestloopless/shipper\.Flusher\.buf` Flush:`summary\(started arg0\)`
	batch := f.buf
	f.buf = make([]Record, 0, len(batch))
	f.wg.Add(1)
	go f.ship(batch)
}

func (f *Flusher) ship(recs []Record) {
	defer f.wg.Done()
	f.sink.Put(recs)
}

// Look-alike: Drop replaces the slice right after the start.
type Dropper struct {
	sink Sink
	buf  []Record
	wg   sync.WaitGroup
}

func (d *Dropper) Add(r Record) { d.buf = append(d.buf, r) } // want Add:`writes suggestloopless/shipper\.Dropper\.buf; reads suggestloopless/shipper\.Dropper\.buf`

func (d *Dropper) Drop() { // want Drop:`writes suggestloopless/shipper\.Dropper\.buf; reads suggestloopless/shipper\.Dropper\.buf` Drop:`summary\(started arg0\)`
	d.wg.Add(1)
	go d.ship(d.buf)
	d.buf = nil
}

func (d *Dropper) ship(recs []Record) {
	defer d.wg.Done()
	d.sink.Put(recs)
}

// The positive again, with the start in a function of the package that is
// handed the batch, not a method of it.
type Spooler struct { // want `suggest for shipper\.Spooler: //confined:owner: code off the owner \(shipper\.ship\) touches its field buf without a lock, and the code that creates and calls the value uses it too`
	sink Sink // want `suggest for field sink: //confined:any`
	size int  // want `suggest for field size: //confined:any`
	buf  []Record
	wg   sync.WaitGroup
}

func (s *Spooler) Add(r Record) { // want Add:`summary\(started arg0\)` Add:`writes suggestloopless/shipper\.Spooler\.buf; reads suggestloopless/shipper\.Spooler\.buf, suggestloopless/shipper\.Spooler\.sink, suggestloopless/shipper\.Spooler\.size`
	s.buf = append(s.buf, r)
	if len(s.buf) >= s.size {
		spool(s)
	}
}

func spool(s *Spooler) {
	s.wg.Add(1)
	go ship(s.sink, s.buf, &s.wg)
	s.buf = s.buf[:0]
}

func ship(sink Sink, recs []Record, wg *sync.WaitGroup) {
	defer wg.Done()
	sink.Put(recs)
}

// Look-alike: a function of the package that hands the batch off,
// replacing the slice before the start.
type Drainer struct {
	sink Sink
	buf  []Record
	wg   sync.WaitGroup
}

func (d *Drainer) Add(r Record) { d.buf = append(d.buf, r) } // want Add:`writes suggestloopless/shipper\.Drainer\.buf; reads suggestloopless/shipper\.Drainer\.buf`

func drain(d *Drainer) {
	batch := d.buf
	d.buf = nil
	d.wg.Add(1)
	go ship(d.sink, batch, &d.wg)
}
