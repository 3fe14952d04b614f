package hopfix

import (
	"net/http"
	"time"
)

// Only what must run on the owner hops: a network call between two
// touches stays where it was, and each touch hops on its own.
func fetchThenSet(s *Session, url string) {
	go func() {
		s.retries = 0 // want `writes confined hopfix.Session.retries off the owner.*; fix: hop back to the owner through \(\*hopfix.Session\).Post`
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
		}
		s.retries++ // want `writes confined hopfix.Session.retries off the owner.*; fix: hop back to the owner through \(\*hopfix.Session\).Post`
	}()
}

// A touch in the statement that makes the request: no fix (the owner must
// not wait on the network); the finding stays, with the advice.
func fetchWithState(s *Session, url string) {
	go func() {
		http.Get(url + string(rune(s.retries))) // want `reads confined hopfix.Session.retries off the owner`
	}()
}

// A call that already hops is never wrapped in another hop, though
// picking what it hands over touches the state.
func alreadyHops(s *Session, fs []func()) {
	time.AfterFunc(time.Second, func() {
		s.Post(fs[s.retries%len(fs)]) // want `reads confined hopfix.Session.retries off the owner`
	})
}
