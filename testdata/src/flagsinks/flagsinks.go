// Package flagsinks uses third-party functions that its author cannot
// annotate: the test declares (*lib.Client).OnDisconnect async and
// (*lib.Client).Post hop through the analyzer's flags. errgroup's Go and
// TryGo need no declaration: they are built-in async sinks.
package flagsinks

import (
	"time"

	"example.com/lib"
	"golang.org/x/sync/errgroup"
)

//confined:owner
type session struct { // want session:"confined:owner"
	live    bool
	retries int
}

// -async: the handler runs on the client's reader goroutine.
func onDisconnect(c *lib.Client, s *session) {
	c.OnDisconnect(func() {
		s.live = false // want `writes confined flagsinks.session.live off the owner: this code runs via \(\*lib.Client\).OnDisconnect`
	})
}

// -hop: posting from the reader goroutine back to the owner is the fix.
func onDisconnectHop(c *lib.Client, s *session) {
	c.OnDisconnect(func() {
		c.Post(func() {
			s.live = false
		})
	})
}

// A partial hop-back: the direct touch is reported, and the fix names the
// hop sink declared on the command line.
func onDisconnectPartial(c *lib.Client, s *session) {
	c.OnDisconnect(func() {
		c.Post(func() {
			s.live = false
		})
		s.retries++ // want `writes confined flagsinks.session.retries off the owner: this code runs via \(\*lib.Client\).OnDisconnect .*(; inside, [^;]*)?; fix: hop back to the owner through \(\*lib.Client\).Post and touch the state there$`
	})
}

// A wrapper around the flag-declared hop sink is a hop sink too.
func onOwner(c *lib.Client, f func()) { c.Post(f) }

func onDisconnectWrapper(c *lib.Client, s *session) {
	c.OnDisconnect(func() {
		onOwner(c, func() {
			s.retries = 0
		})
	})
}

// A wrapper around the flag-declared async sink is an async sink too.
func whenDown(c *lib.Client, f func()) { c.OnDisconnect(f) }

func wrapperAsync(c *lib.Client, s *session) {
	whenDown(c, func() {
		s.retries++ // want `writes confined flagsinks.session.retries off the owner: this code runs via flagsinks.whenDown`
	})
}

// -async with a named parameter: only onErr runs off the owner.
func subscribe(c *lib.Client, s *session) {
	c.Subscribe(func() {
		s.retries = 0
	}, func() {
		s.live = false // want `writes confined flagsinks.session.live off the owner: this code runs via \(\*lib.Client\).Subscribe`
	})
}

// -async on a plain function.
func every(s *session) {
	lib.Every(time.Second, func() {
		s.retries++ // want `writes confined flagsinks.session.retries off the owner: this code runs via lib.Every`
	})
}

// No flag needed: Retry's summary, exported by lib as a fact, says it hands
// f to time.AfterFunc.
func retry(c *lib.Client, s *session) {
	c.Retry(time.Second, func() {
		s.retries++ // want `writes confined flagsinks.session.retries off the owner: this code runs via \(\*lib.Client\).Retry`
	})
}

// Built-in: errgroup.Group.Go and TryGo, whose wait is left to the caller.
func group(s *session) *errgroup.Group {
	g := new(errgroup.Group)
	g.Go(func() error {
		s.retries++ // want `writes confined flagsinks.session.retries off the owner: this code runs via \(\*errgroup.Group\).Go`
		return nil
	})
	g.TryGo(func() error {
		s.live = true // want `writes confined flagsinks.session.live off the owner: this code runs via \(\*errgroup.Group\).TryGo`
		return nil
	})
	return g
}

// Look-alike: Wait is not a sink, and Post on the owner is plain code.
func onTheOwner(c *lib.Client, s *session) {
	c.Post(func() {
		s.retries = 0
	})
	s.live = true
}
