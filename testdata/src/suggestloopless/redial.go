package suggestloopless

import "sync"

// A send that finds the connection down starts a redial it does not wait
// for, and reads the connection again at the next send, while that redial
// may still write it.
type redialer struct { // want `suggest for suggestloopless\.redialer: //confined:owner: code off the owner \(\(\*suggestloopless\.redialer\)\.dial\) touches its field conn without a lock, and the code that creates and calls the value uses it too: with no loop, that code is the owner, and the check reports the goroutines`
	conn string
}

func (r *redialer) dial() { r.conn = "up" }

func (r *redialer) Send(msg string) bool { // want Send:`summary\(started arg0\)` Send:`reads suggestloopless\.redialer\.conn`
	if r.conn == "" {
		go r.dial()
		return false
	}
	return msg != ""
}

// Look-alike: the check reads the address before it starts its probe and
// the status after it waits for it; nothing else reads either.
type prober struct {
	addr   string
	status string
}

func (p *prober) Check() string { // want Check:`may block` Check:`reads suggestloopless\.prober\.addr, suggestloopless\.prober\.status`
	if p.addr == "" {
		return ""
	}
	var wg sync.WaitGroup
	wg.Go(func() { p.status = "ok" })
	wg.Wait()
	return p.status
}
