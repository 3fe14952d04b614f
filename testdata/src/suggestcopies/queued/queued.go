package queued

// A loop that takes a job from its queue, counts the attempt on its copy
// and keeps the copy in its map: the copy is the loop's to change, and
// the map holds it; the job type, which messages carry, gets no owner.
type job struct {
	id       string
	attempts int
}

type dispatcher struct { // want `suggest for queued\.dispatcher: //confined:owner @dispatcher: code on the owner \(\(\*queued\.dispatcher\)\.run\) writes 2 of its fields \(inflight, queue\) without a lock, and no other code writes it but where a value is built`
	queue    []job
	inflight map[string]job
	in       chan job
	out      chan job
}

func newDispatcher() *dispatcher {
	d := &dispatcher{inflight: map[string]job{}, in: make(chan job), out: make(chan job)}
	go d.run()
	return d
}

func (d *dispatcher) run() { // want `suggest for \(\*queued\.dispatcher\)\.run: //confined:loop @dispatcher` run:`confined:loop@dispatcher`
	for j := range d.in {
		d.queue = append(d.queue, j)
		d.pump()
	}
}

func (d *dispatcher) pump() {
	j := d.queue[0]
	d.queue = d.queue[1:]
	j.attempts++
	d.inflight[j.id] = j
	d.out <- j
}

// Look-alike: a copy stored back where it came from changes the value
// the loop keeps: its type is the loop's.
type tally struct{ n int } // want `suggest for queued\.tally: //confined:owner @counter: code on the owner \(\(\*queued\.counter\)\.count\) writes its field n without a lock`

type counter struct { // want `suggest for queued\.counter: //confined:owner @counter: code on the owner \(\(\*queued\.counter\)\.count\) writes its field cur without a lock`
	cur  *tally
	hits chan int
}

func newCounter() *counter {
	c := &counter{cur: &tally{}, hits: make(chan int)}
	go c.count()
	return c
}

func (c *counter) count() { // want `suggest for \(\*queued\.counter\)\.count: //confined:loop @counter` count:`confined:loop@counter`
	for range c.hits {
		t := *c.cur
		t.n++
		*c.cur = t
	}
}
