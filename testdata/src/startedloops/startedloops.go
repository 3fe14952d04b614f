// Package startedloops: code that starts a value's loop goes on beside
// it; what it then touches of the value's state, itself or through what
// it calls, it touches off the owner.
package startedloops

import "sync"

//confined:owner
type Cache struct { // want Cache:`confined:owner`
	step  chan struct{} //confined:any
	name  string
	hits  int
	notes int // only the callers' side counts them
	items map[string]string
	getc  chan getReq
	done  chan struct{}
	quit  chan struct{}
}

type getReq struct {
	key   string
	reply chan string
}

func New() *Cache { // want New:`summary\(started result; starts a loop\)`
	c := &Cache{items: map[string]string{}, getc: make(chan getReq), done: make(chan struct{}), quit: make(chan struct{})}
	go c.run()
	return c
}

//confined:loop
func (c *Cache) run() { // want run:`confined:loop`
	defer close(c.done)
	for {
		select {
		case r := <-c.getc:
			c.hits++
			c.items[r.key] = r.key
			r.reply <- c.items[r.key]
			if c.step != nil {
				c.step <- struct{}{}
			}
		case <-c.quit:
			return
		}
	}
}

// Get asks the loop and waits for its reply.
func (c *Cache) Get(k string) string { // want Get:`summary\(\)`
	r := getReq{key: k, reply: make(chan string)}
	c.getc <- r
	return <-r.reply
}

// Close stops the loop and waits for it.
func (c *Cache) Close() { // want Close:`summary\(waits on arg0\)`
	close(c.quit)
	<-c.done
}

func waitHits(c *Cache, n int) bool { return c.hits >= n } // want `reads confined startedloops\.Cache\.hits off the owner: this code runs via the code that started the loop \(\*startedloops\.Cache\)\.run, which goes on beside it \(startedloops\.go:\d+\); path startedloops\.waitHits → startedloops\.Cache\.hits; fix: hand the work to the owner \(send it to the loop's mailbox or a channel the loop reads\) instead of touching the state here`

// Publish hands the loop work, or gives up once the loop is done.
func (c *Cache) Publish(k string) {
	select {
	case c.getc <- getReq{key: k, reply: make(chan string, 1)}:
	case <-c.done:
	}
}

func Poll() {
	c := New()
	c.Get("a")
	_ = c.hits // want `reads confined startedloops\.Cache\.hits off the owner: this code runs via the code that started the loop \(\*startedloops\.Cache\)\.run, which goes on beside it \(startedloops\.go:\d+\); fix: hand the work to the owner \(send it to the loop's mailbox or a channel the loop reads\) instead of touching the state here`
}

func PollThroughHelper() {
	c := New()
	c.Publish("a")
	go func() { c.Get("b") }()
	_ = waitHits(c, 1)
}

// Start runs the loop of a cache made without it; what it sets after the
// go statement races with the loop.
func (c *Cache) Start() { // want Start:`summary\(arg0 writes startedloops\.Cache\.hits; started arg0; starts a loop\)`
	go c.run()
	c.hits = 0 // want `writes confined startedloops\.Cache\.hits off the owner: this code runs via the code that started the loop \(\*startedloops\.Cache\)\.run, which goes on beside it \(startedloops\.go:\d+\); fix: hand the work to the owner \(send it to the loop's mailbox or a channel the loop reads\) instead of touching the state here`
}

func Started() int {
	c := &Cache{items: map[string]string{}, getc: make(chan getReq), done: make(chan struct{}), quit: make(chan struct{})}
	c.Start()
	return len(c.items) // want `reads confined startedloops\.Cache\.items off the owner: this code runs via the code that started the loop \(\*startedloops\.Cache\)\.run, which goes on beside it \(startedloops\.go:\d+\); fix: hand the work to the owner \(send it to the loop's mailbox or a channel the loop reads\) instead of touching the state here`
}

// Look-alikes: touches before the start are set-up; after Close, or a
// receive on the loop's done channel, the loop has ended.
func Closed() int {
	c := New()
	c.Get("a")
	c.Close()
	return c.hits
}

func Drained() int {
	c := New()
	close(c.quit)
	<-c.done
	return c.hits
}

// Shutdown waits for the loop's end, then reads what it left.
func (c *Cache) Shutdown() int { // want Shutdown:`summary\(waits on arg0\)`
	close(c.quit)
	<-c.done
	return c.hits
}

// Deferred, Shutdown still reads once the loop has ended; a deferred
// Close waits at the end, not where it is deferred: a read after it runs
// beside the loop.
func DeferredShutdown() {
	c := New()
	defer c.Shutdown()
	c.Get("a")
}

// The same in a deferred closure, as a cleanup that logs its error.
func DeferredInClosure() {
	c := New()
	defer func() { c.Shutdown() }()
	c.Get("a")
}

func DeferredClosureRead() int {
	c := New()
	defer func() { c.Close() }()
	c.Get("a")
	return c.hits // want `reads confined startedloops\.Cache\.hits off the owner: this code runs via the code that started the loop`
}

func DeferredClose() int {
	c := New()
	defer c.Close()
	c.Get("a")
	return c.hits // want `reads confined startedloops\.Cache\.hits off the owner: this code runs via the code that started the loop`
}

func ShutDown() int {
	c := New()
	c.Get("a")
	return c.Shutdown()
}

func SetUp() *Cache { // want SetUp:`summary\(started result; starts a loop\)`
	c := &Cache{items: map[string]string{}, getc: make(chan getReq), done: make(chan struct{}), quit: make(chan struct{})}
	c.hits = 1
	go c.run()
	return c
}

// Look-alike: code a method starts that is not the loop (a warm-up
// goroutine) leaves its starter the owner.
func (c *Cache) Warm() { go func() { c.getc <- getReq{key: "w", reply: make(chan string, 1)} }() } // want Warm:`summary\(started arg0\)`

func Warmed() int {
	c := &Cache{items: map[string]string{}, getc: make(chan getReq, 1), done: make(chan struct{}), quit: make(chan struct{})}
	c.Warm()
	return c.hits
}

// Look-alike: a test hands the loop a channel it signals each finished
// step on, and reads the state between steps.
func Stepped() int {
	wait := make(chan struct{})
	c := &Cache{items: map[string]string{}, getc: make(chan getReq, 1), done: make(chan struct{}), quit: make(chan struct{}), step: wait}
	c.step = wait
	c.Start()
	c.getc <- getReq{key: "a", reply: make(chan string, 1)}
	<-wait
	return c.hits
}

// Look-alike: a field only set-up writes is read after the start.
func Named() string {
	c := &Cache{name: "n", items: map[string]string{}, getc: make(chan getReq), done: make(chan struct{}), quit: make(chan struct{})}
	c.Start()
	return c.name
}

// Look-alike: a field the loop never touches races with nothing.
func Noted() int {
	c := New()
	c.notes++
	return c.notes
}

// A helper returning the value New started, with an error, starts it too.
func open() (*Cache, error) { return New(), nil }

func PollOpened() int {
	c, err := open()
	if err != nil {
		return 0
	}
	return c.hits // want `reads confined startedloops.Cache.hits off the owner: this code runs via the code that started the loop \(\*startedloops.Cache\).run, which goes on beside it \(startedloops.go:\d+\)`
}

// Look-alike: a deferred start runs after everything the function does.
func StartLater() int {
	c := &Cache{items: map[string]string{}, getc: make(chan getReq), done: make(chan struct{}), quit: make(chan struct{})}
	defer c.Start()
	defer New()
	return c.hits
}

// Look-alike: a Close that waits for the loop on a WaitGroup; what
// follows it reads what the loop left.
//
//confined:owner
type Pool struct { // want Pool:`confined:owner`
	wg   sync.WaitGroup
	quit chan struct{}
	idle int
}

func NewPool() *Pool { // want NewPool:`summary\(started result; starts a loop\)`
	p := &Pool{quit: make(chan struct{})}
	p.wg.Add(1)
	go p.run()
	return p
}

//confined:loop
func (p *Pool) run() { // want run:`confined:loop`
	defer p.wg.Done()
	for {
		select {
		case <-p.quit:
			return
		default:
			p.idle++
		}
	}
}

func (p *Pool) Close() { // want Close:`may block` Close:`summary\(waits on arg0\)`
	close(p.quit)
	p.wg.Wait()
}

func PoolClosed() int { // want PoolClosed:`may block`
	p := NewPool()
	p.Close()
	return p.idle
}

func Peeked() int {
	p := NewPool()
	return p.idle // want `reads confined startedloops.Pool.idle off the owner: this code runs via the code that started the loop \(\*startedloops.Pool\).run, which goes on beside it \(startedloops.go:\d+\)`
}

// A fixture's fields hold what its maker started: its users reach the
// values through them, and what those values hold, beside the loops.
//
//confined:owner
type Depot struct { // want Depot:`confined:owner`
	bins   map[string]*Bin //confined:any
	in     chan string     //confined:any
	served int
}

//confined:owner
type Bin struct { // want Bin:`confined:owner`
	label string
	count int
}

//confined:loop
func (d *Depot) run() { // want run:`confined:loop`
	for k := range d.in {
		d.served++
		d.bins[k].count++
	}
}

func newDepot() *Depot {
	return &Depot{bins: map[string]*Bin{"a": {label: "a"}}, in: make(chan string)}
}

// A Rig's Main runs its loop; its Spare is only built.
type Rig struct {
	Main, Spare *Depot
}

func OpenRig() (*Rig, error) { // want OpenRig:`summary\(started result 0 field Main\)`
	r := &Rig{Main: newDepot(), Spare: newDepot()}
	go r.Main.run()
	return r, nil
}

// OpenStarted stores a depot it started in the fixture it returns.
func OpenStarted() *Rig { // want OpenStarted:`summary\(started result 0 field Main\)`
	d := newDepot()
	go d.run()
	return &Rig{Main: d, Spare: newDepot()}
}

// Look-alike of a reader its starter waits for: what the loop writes, the
// reader reads beside the loop, however long its starter waits.
func PeekJoined() { // want PeekJoined:`may block`
	c := New()
	var wg sync.WaitGroup
	wg.Go(func() {
		_ = c.hits // want `reads confined startedloops\.Cache\.hits off the owner: this code runs via \(\*sync\.WaitGroup\)\.Go`
	})
	c.Get("a")
	wg.Wait()
}

// Look-alike: a fixture whose maker starts a warm-up with the depot, no
// loop: its users share the depot with no loop.
func OpenWarmed() *Rig {
	r := &Rig{Main: newDepot(), Spare: newDepot()}
	go r.Main.warm()
	return r
}

func (d *Depot) warm() { d.in <- "w" }

func WarmedServed() int {
	r := OpenWarmed()
	return r.Main.served
}

// A fixture returned by value holds what its maker started as well.
type rigValue struct{ main *Depot }

func OpenRigValue() rigValue { // want OpenRigValue:`summary\(started result 0 field main\)`
	r := rigValue{main: newDepot()}
	go r.main.run()
	return r
}

func ValueServed() int {
	r := OpenRigValue()
	return r.main.served // want `reads confined startedloops\.Depot\.served off the owner: this code runs via the code that started the loop \(\*startedloops\.Depot\)\.run`
}

func ValueServedInline() int {
	return OpenRigValue().main.served // want `reads confined startedloops\.Depot\.served off the owner`
}

// A Meter's loop counts; its lock guards the names alone.
//
//confined:owner
type Meter struct { // want Meter:`confined:owner`
	mu    sync.Mutex //confined:any
	names []string   //confined:any
	ticks chan int   //confined:any
	count int
}

//confined:loop
func (m *Meter) Run() { // want Run:`confined:loop` Run:`summary\(arg0 writes startedloops\.Meter\.count\)`
	for n := range m.ticks {
		m.count += n
	}
}

// Totals lets the lock go before it reads the count: that read is not
// shared under the lock.
func (m *Meter) Totals() (int, int) { // want Totals:`summary\(arg0 reads startedloops\.Meter\.count\)`
	m.mu.Lock()
	n := len(m.names)
	m.mu.Unlock()
	return n, m.count // want `calls confined \(\*startedloops\.Meter\)\.Totals off the owner: this code runs via the code that started the loop \(\*startedloops\.Meter\)\.Run, which goes on beside it \(startedloops\.go:391\); inside, it reads startedloops\.Meter\.count` `calls confined \(\*startedloops\.Meter\)\.Totals off the owner: this code runs via the code that started the loop \(\*startedloops\.Meter\)\.Run, which goes on beside it \(startedloops\.go:417\)`
}

// Names holds the lock while it reads: the lock shares what it touches.
func (m *Meter) Names() []string { // want Names:`summary\(locks arg0 first\)`
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.names
}

func MeterTotals() int {
	m := &Meter{ticks: make(chan int)}
	go m.Run()
	_ = m.Names()
	n, _ := m.Totals()
	return n
}

// A goroutine literal running the loop and closing a channel once it has
// returned: waiting on that channel waits for the loop's end.
func MeterJoined() int {
	m := &Meter{ticks: make(chan int)}
	done := make(chan struct{})
	go func() {
		defer close(done)
		m.Run()
	}()
	close(m.ticks)
	<-done
	_, c := m.Totals()
	return c
}

// Look-alike: a literal that signals before it runs the loop: the wait
// is for its start, not its end.
func MeterReady() int {
	m := &Meter{ticks: make(chan int)}
	ready := make(chan struct{})
	go func() {
		close(ready)
		m.Run()
	}()
	<-ready
	_, c := m.Totals()
	return c
}

// A loop that calls a helper starting another value's loop, and handing
// its own method value to code started elsewhere, starts nothing beside
// itself: it is its value's loop.
//
//confined:owner
type Switch struct { // want Switch:`confined:owner`
	reqs  chan func() //confined:any
	flips int
}

//confined:loop
func (s *Switch) Run(stop <-chan struct{}) { // want Run:`confined:loop` Run:`summary\(arg0 calls \(\*startedloops\.Switch\)\.flip; started arg0; starts a loop\)`
	s.attach()
	for {
		select {
		case fn := <-s.reqs:
			fn()
		case <-stop:
			s.flip()
			return
		}
	}
}

func (s *Switch) flip() { s.flips++ }

func (s *Switch) attach() {
	c := New()
	go c.Get("x")
	go later(s.ping)
}

func (s *Switch) ping() { s.reqs <- func() {} }

func later(fn func()) { fn() }

// Final reads the count only once the loop has closed c.done as it
// ended: past that receive, the loop is over.
func (c *Cache) Final() int {
	select {
	case <-c.done:
		return c.hits
	default:
	}
	return -1
}

// Look-alike: the read in the default case runs while the loop may.
func (c *Cache) Live() int { // want Live:`summary\(arg0 reads startedloops\.Cache\.hits\)`
	select {
	case <-c.done:
		return 0
	default:
		return c.hits // want `calls confined \(\*startedloops\.Cache\)\.Live off the owner: this code runs via the code that started the loop \(\*startedloops\.Cache\)\.run`
	}
}

// FinalHits is Final through a helper reading the count: past the
// receive, its touch is none either.
func (c *Cache) FinalHits() int {
	select {
	case <-c.done:
		return c.hitCount()
	default:
	}
	return -1
}

func (c *Cache) hitCount() int { return c.hits }

func FinalAndLive() int {
	c := New()
	return c.Final() + c.FinalHits() + c.Live()
}
