package hopmutex // want package:`declares: hop suggestturns/hopmutex.App.QueueUpdate:f`

// This package is suggestturns/mutex with a UI toolkit's handlers for
// turns: the handlers run on the toolkit's loop through a hop its
// declaration names, so the toolkit names the owner, and a field they
// write that a watcher goroutine reads is the owner's. A hop the package
// wrote itself names no framework: its look-alike gets nothing.

import "sync"

// App stands in for a toolkit's application, whose loop runs what
// QueueUpdate is handed.
type App struct{ queue chan func() }

func (a *App) QueueUpdate(f func()) { a.queue <- f } // want QueueUpdate:`summary\(sends arg1 on suggestturns/hopmutex\.App\.UF0\)`

//confined:declare hop suggestturns/hopmutex.(*App).QueueUpdate:f

type browser struct {
	app     *App
	mu      sync.Mutex
	lastErr error    // under mu
	entries []string // want `suggest for field entries: //confined:owner: the framework's turns \(func literal in \(\*hopmutex.browser\).reload\) write it without a lock and code off the owner \(\(\*hopmutex.browser\).changed\) reads it; no code writes it with the lock of its browser held`
}

func (b *browser) reload(es []string) {
	b.app.QueueUpdate(func() { b.entries = es })
}

func (b *browser) watch() {
	go func() {
		for b.changed() {
		}
	}()
}

func (b *browser) changed() bool { return len(b.entries) == 0 }

func (b *browser) fail(err error) {
	b.mu.Lock()
	b.lastErr = err
	b.mu.Unlock()
}

// Look-alike: the same shape on a loop of the package's own, which names
// no framework.
type pane struct {
	ops   chan func()
	mu    sync.Mutex
	count int // under mu
	lines []string
}

func (p *pane) run() { // want `suggest for \(\*hopmutex\.pane\)\.run: //confined:loop: a goroutine runs it \(go statement in \(\*hopmutex\.pane\)\.watch, browser\.go:\d+\) and it receives from a channel in a loop \(browser\.go:\d+\)` run:`confined:loop`
	for f := range p.ops {
		f()
	}
}

func (p *pane) post(f func()) { p.ops <- f } // want `suggest for \(\*hopmutex\.pane\)\.post: //confined:hop f: it sends f on ops, which the loop \(\*hopmutex\.pane\)\.run calls`

func (p *pane) set(ls []string) { p.post(func() { p.lines = ls }) }

func (p *pane) watch() {
	go func() {
		for len(p.lines) == 0 {
		}
	}()
	go p.run()
}

func (p *pane) add() {
	p.mu.Lock()
	p.count++
	p.mu.Unlock()
}

// A monitor's poller goroutine writes when it last polled, which the
// toolkit's handlers read while they write the monitor's other fields:
// the toolkit names the owner, and that field is the owner's too, though
// the handlers never write it. Look-alike: a count only the poller
// touches stays free.
type monitor struct {
	app      *App
	mu       sync.Mutex
	history  []string // under mu
	rows     []string
	status   string
	lastPoll int // want `suggest for field lastPoll: //confined:owner: code off the owner \(func literal in \(\*hopmutex\.monitor\)\.startPolling\) writes it without a lock and \(\*hopmutex\.monitor\)\.render reads it, and the framework's turns write its other fields: the framework names the owner`
	polls    int
}

func (m *monitor) startPolling() {
	go func() {
		for {
			m.lastPoll++
			m.polls++
			m.app.QueueUpdate(m.render)
		}
	}()
}

func (m *monitor) render() {
	m.rows = append(m.rows[:0], "row")
	m.status = "polled"
	if m.lastPoll > 0 {
		m.status += "!"
	}
}

func (m *monitor) note(s string) {
	m.mu.Lock()
	m.history = append(m.history, s)
	m.mu.Unlock()
}

// A player's clock goroutine advances a position that an exported Seek,
// which the UI calls, sets: the owner's. The downloads a handler makes and
// appends without the lock are the player's, not kept under its lock, so
// the goroutine writing their progress writes the owner's state.
type player struct {
	app       *App
	mu        sync.Mutex
	bytes     int // under mu
	status    string
	position  int // want `suggest for field position: //confined:owner: code off the owner \(func literal in \(\*hopmutex\.player\)\.startClock\) writes it without a lock and \(\*hopmutex\.player\)\.Seek writes it, as the owner's downloads are`
	downloads []*download // want `suggest for field downloads: //confined:owner: the framework's turns \(func literal in \(\*hopmutex\.player\)\.enqueue\) write it without a lock and code off the owner \(func literal in \(\*hopmutex\.player\)\.startClock\) reads it; no code writes it with the lock of its player held`
}

type download struct { // want `suggest for hopmutex\.download: //confined:owner: code on the owner \(func literal in \(\*hopmutex\.player\)\.enqueue\) writes its field shown without a lock, and besides where a value is built only code off the owner does \(func literal in \(\*hopmutex\.player\)\.startClock\), which the check then reports`
	name     string
	progress int
	shown    bool
}

func (p *player) startClock() {
	go func() {
		for {
			p.position++
			for _, d := range p.downloads {
				d.progress++
			}
		}
	}()
}

func (p *player) Seek(n int) { p.position = n } // want Seek:`writes suggestturns/hopmutex\.player\.position`

func (p *player) enqueue(name string) {
	p.app.QueueUpdate(func() {
		p.downloads = append(p.downloads, &download{name: name})
		for _, d := range p.downloads {
			d.shown = d.progress > 0
		}
		p.status = "queued"
	})
}

func (p *player) count(n int) {
	p.mu.Lock()
	p.bytes += n
	p.mu.Unlock()
}
