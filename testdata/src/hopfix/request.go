package hopfix

import (
	"fmt"
	"net/http"
	"strings"
)

// A handler's request and response are valid only until it returns, and
// Post runs its func later: the fix reads what the touch needs of the
// request before the hop, and leaves the response where it was.
func serveAdd(s *Session) {
	http.HandleFunc("/add", func(w http.ResponseWriter, r *http.Request) {
		s.retries += len(r.FormValue("msg")) // want `writes confined hopfix.Session.retries off the owner.*; fix: hop back to the owner through \(\*hopfix.Session\).Post`
		fmt.Fprintln(w, "queued")
	})
}

// The same through a field of the request, in a method, with two touches
// around a write to the response: each touch hops on its own.
func (s *Session) serveCount(w http.ResponseWriter, r *http.Request) {
	s.Post(func() {})
	go func() {
		s.retries = len(r.URL.Path) // want `writes confined hopfix.Session.retries off the owner`
		w.WriteHeader(http.StatusAccepted)
		s.retries++ // want `writes confined hopfix.Session.retries off the owner`
	}()
}

// A helper of this package that waits on the network is read before the
// hop: the owner does not wait for it.
func refreshCount(s *Session, url string) {
	go func() {
		s.retries = fetchCount(url) // want `writes confined hopfix.Session.retries off the owner`
	}()
}

func fetchCount(url string) int {
	resp, err := http.Get(url)
	if err != nil {
		return 0
	}
	resp.Body.Close()
	return 1
}

// A func value may do anything, the network included: it is called before
// the hop too.
func refreshWith(s *Session, count func() int) {
	go func() {
		s.retries = count() // want `writes confined hopfix.Session.retries off the owner`
	}()
}

// No fix where the rest would still read the request: the request handed
// to the state's method, a read on a condition, a touch inside the helper
// that waits.
func serveNoFix(s *Session) {
	http.HandleFunc("/keep", func(w http.ResponseWriter, r *http.Request) {
		s.keep(r)
	})
	http.HandleFunc("/maybe", func(w http.ResponseWriter, r *http.Request) {
		if s.retries > 0 && strings.HasPrefix(r.URL.Path, "/") { // want `reads confined hopfix.Session.retries off the owner`
			return
		}
	})
	go func() {
		s.loadRetries("http://example.com")
	}()
}

func (s *Session) keep(r *http.Request) { s.retries = len(r.Header) } // want `calls confined \(\*hopfix.Session\).keep off the owner`

func (s *Session) loadRetries(url string) { s.retries = fetchCount(url) } // want `calls confined \(\*hopfix.Session\).loadRetries off the owner`
