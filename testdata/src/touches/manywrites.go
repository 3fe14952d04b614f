package touches

import "time"

// A timer's retry that writes many members of the owner, a few calls
// deep, is reported at every line it writes at, not only at the first
// few: each is a line the race detector names. Look-alike: its reads
// join those findings.

//confined:owner
type dispatcher struct { // want dispatcher:"confined:owner"
	waiting          []string
	offers           map[string]int
	expired, retried int
	unserved         int
	last             string
	limit            int
}

func (d *dispatcher) expire(id string) {
	delete(d.offers, id) // want `calls confined \(\*touches.dispatcher\).expire off the owner: this code runs via time.AfterFunc \(manywrites.go:\d+\); inside, it writes touches.dispatcher.offers`
	d.expired++          // want `calls confined \(\*touches.dispatcher\).expire off the owner: this code runs via time.AfterFunc \(manywrites.go:\d+\); inside, it writes touches.dispatcher.expired`
	d.requeue(id)
}

func (d *dispatcher) requeue(id string) {
	if d.retried >= d.limit {
		d.unserved++ // want `calls confined \(\*touches.dispatcher\).expire off the owner: this code runs via time.AfterFunc \(manywrites.go:\d+\); inside, it writes touches.dispatcher.unserved`
		return
	}
	d.retried++ // want `calls confined \(\*touches.dispatcher\).expire off the owner: this code runs via time.AfterFunc \(manywrites.go:\d+\); inside, it writes touches.dispatcher.retried`
	d.enqueue(id)
}

func (d *dispatcher) enqueue(id string) {
	d.waiting = append(d.waiting, id) // want `calls confined \(\*touches.dispatcher\).expire off the owner: this code runs via time.AfterFunc \(manywrites.go:\d+\); inside, it writes touches.dispatcher.waiting`
	d.last = id                       // want `calls confined \(\*touches.dispatcher\).expire off the owner: this code runs via time.AfterFunc \(manywrites.go:\d+\); inside, it writes touches.dispatcher.last`
}

func (d *dispatcher) offer(id string) {
	d.offers[id] = 1
	time.AfterFunc(time.Second, func() { d.expire(id) })
}
