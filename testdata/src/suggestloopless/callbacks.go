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
