package entrypoints

import (
	"io"
	"net/http"
)

// An exported method with a handler's signature is registered by another
// package (a main, a router, a test), out of this one's sight: net/http
// runs it on a per-request goroutine.
type Stats struct{ b *Book }

func (s *Stats) HandleTotal(w http.ResponseWriter, r *http.Request) { // want HandleTotal:`summary\(arg0 reads entrypoints\.Book\.total\)` HandleTotal:`may block`
	if s.b.total > 0 { // want `reads confined entrypoints.Book.total off the owner: this code runs via \(\*entrypoints.Stats\).HandleTotal, an exported method with net/http's handler signature, where net/http runs handlers on a per-request goroutine`
		w.WriteHeader(http.StatusOK)
	}
}

// Look-alikes: an unexported one, and one that writes to an io.Writer,
// are called where their callers run.
func (s *Stats) handleTotal(w http.ResponseWriter, r *http.Request) {
	_ = s.b.total
}

func (s *Stats) WriteTotal(w io.Writer, r *http.Request) { // want WriteTotal:`summary\(arg0 reads entrypoints\.Book\.total\)`
	_ = s.b.total
}
