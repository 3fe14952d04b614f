package suggestloopless

import (
	"net/http"
	"time"
)

// A handler registered once runs for every request, beside itself: its
// count is shared by the requests.
type site struct {
	hits    int // want `suggest for field hits: //confined:owner: code off the owner \(.*\(\*suggestloopless.site\).routes\) writes it without a lock`
	flushed int
}

func (s *site) routes(mux *http.ServeMux) {
	mux.HandleFunc("/", func(http.ResponseWriter, *http.Request) { s.hits++ })
}

// Look-alike: a timer fires its func once; nothing else uses the count.
func (s *site) flushLater() {
	time.AfterFunc(time.Second, func() { s.flushed++ })
}

// Look-alike: a callback handed to code of the package that keeps it and
// runs it on a goroutine of its own: nothing declares how often, so it
// counts as started once, and nothing else uses the count.
type notifier struct{ onTick func() }

func (n *notifier) OnTick(f func()) { // want `suggest for \(\*suggestloopless.notifier\).OnTick: //confined:async f` OnTick:`summary\(async arg0 arg1; started arg0\)`
	n.onTick = f
	go func() { n.onTick() }()
}

type display struct{ draws int }

func (d *display) wire(n *notifier) { n.OnTick(func() { d.draws++ }) }
