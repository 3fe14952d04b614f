package suggestloopless

import "net/http"

// A response writer the package makes per request and hands to the user's
// handler as an http.ResponseWriter. net/http's own code calls that
// interface's Write on goroutines, so the check takes recorder.Write to run
// off the owner; but whoever holds the value calls it, here the handler in
// the serving call's turn, which reads the status after: nothing races,
// and no owner is proposed for it.
type recorder struct {
	header http.Header
	status int
	body   []byte
	stats  *tallies
}

// What every request's writer adds to: the requests' Writes, beside each
// other, share it.
type tallies struct { // want `suggest for suggestloopless\.tallies: //confined:owner: code off the owner \(\(\*suggestloopless\.recorder\)\.Write\) touches its field bytes without a lock`
	bytes int
}

func (r *recorder) Header() http.Header { return r.header } // want Header:`reads suggestloopless\.recorder\.header`

func (r *recorder) Write(p []byte) (int, error) { // want Write:`writes suggestloopless.recorder.body, suggestloopless.recorder.status` Write:`summary\(reads the entries of arg1\)`
	if r.status == 0 {
		r.status = http.StatusOK
	}
	r.body = append(r.body, p...)
	r.stats.bytes += len(p)
	return len(p), nil
}

func (r *recorder) WriteHeader(status int) { r.status = status } // want WriteHeader:`writes suggestloopless.recorder.status`

func Serve(h http.Handler, req *http.Request) (int, []byte) { // want Serve:"may block" Serve:`summary\(\)`
	r := &recorder{header: http.Header{}}
	h.ServeHTTP(r, req)
	return r.status, r.body
}
