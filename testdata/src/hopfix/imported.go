package hopfix

import "hopfix/client"

// A function of another package that waits on the network is read before
// the hop, as one of this package is; one that waits on nothing hops with
// the touch.
func refreshFromClient(s *Session, url string) {
	go func() {
		s.retries = client.Indirect(url) // want `writes confined hopfix.Session.retries off the owner`
	}()
	go func() {
		s.retries = client.Len(url) + client.Apply(func() int { return 1 }) // want `writes confined hopfix.Session.retries off the owner`
	}()
}
