// Package suggestcopies: a value sent on a channel is handed over, but a
// copy of one kept behind a pointer is not: the copy goes, the value stays
// its owner's.
package suggestcopies

// A loop keeps its records behind pointers and answers with copies.
type record struct { // want `suggest for suggestcopies.record: //confined:owner: code on the owner \(\(\*suggestcopies.registry\).run\) writes its field seen without a lock`
	seen int
}

type registry struct { // want `suggest for suggestcopies.registry: //confined:owner`
	hits    chan string
	queries chan chan record
	byName  map[string]*record
}

func newRegistry() *registry {
	r := &registry{hits: make(chan string), queries: make(chan chan record), byName: map[string]*record{}}
	go r.run()
	return r
}

func (r *registry) run() { // want `suggest for \(\*suggestcopies.registry\).run: //confined:loop` run:`confined:loop`
	for {
		select {
		case name := <-r.hits:
			if rec := r.byName[name]; rec != nil {
				rec.seen++
			} else {
				r.byName[name] = &record{}
			}
		case reply := <-r.queries:
			var out record
			if rec := r.byName["x"]; rec != nil {
				out = *rec
			}
			reply <- out
		}
	}
}
