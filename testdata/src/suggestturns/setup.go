package suggestturns

import (
	"sync"
	"time"
)

// A Server's framework calls Init once, before any other turn, then
// Handle for each message and Stop at the end, all on its owner.
type Server interface {
	//confined:loop
	Init(name string) // want Init:`confined:loop`
	//confined:loop
	Handle(msg any) // want Handle:`confined:loop`
	//confined:loop
	Stop() // want Stop:`confined:loop`
}

// A table made in Init, which goroutines a turn starts reach only under
// its lock: Init is set-up, as a constructor is, so the table may be :any.
type ledger struct {
	mu     sync.Mutex
	counts map[string]int // want `suggest for field counts: //confined:any: code writes it only with a lock held, and func literal in \(\*suggestturns\.ledger\)\.Handle writes it off the owner, with the lock held`
	name   string         // want `suggest for field name: //confined:any: only code building a ledger writes it, and func literal in \(\*suggestturns\.ledger\)\.Handle reads it off the owner`
	seen   int
}

func (l *ledger) Init(name string) { // want Init:`summary\(arg0 writes suggestturns\.ledger\.counts\)` Init:`writes suggestturns\.ledger\.counts, suggestturns\.ledger\.name`
	l.counts = map[string]int{}
	l.name = name
}

func (l *ledger) Handle(msg any) { // want Handle:`summary\(arg0 writes suggestturns\.ledger\.seen; started arg0\)` Handle:`writes suggestturns\.ledger\.seen`
	l.seen++
	go func() {
		l.mu.Lock()
		l.counts[l.name]++
		l.mu.Unlock()
	}()
}

func (l *ledger) Stop() {}

// Look-alike: Stop clears the table without the lock, while a goroutine a
// turn started may still hold it: Stop is no set-up (it gives no value),
// and the table gets no :any.
type clearedLedger struct {
	mu     sync.Mutex
	counts map[string]int
}

func (l *clearedLedger) Init(string) { l.counts = map[string]int{} } // want Init:`summary\(arg0 writes suggestturns\.clearedLedger\.counts\)` Init:`writes suggestturns\.clearedLedger\.counts`

func (l *clearedLedger) Handle(msg any) { // want Handle:`summary\(started arg0\)`
	go func() {
		l.mu.Lock()
		l.counts["x"]++
		l.mu.Unlock()
	}()
}

func (l *clearedLedger) Stop() { l.counts = nil } // want Stop:`summary\(arg0 writes suggestturns\.clearedLedger\.counts\)` Stop:`writes suggestturns\.clearedLedger\.counts`

// Init gives defaults (a limit of 3) and starts its ticker last: what
// it wrote is set up before the ticker runs, as a constructor's writes
// are before what it starts, so the limit a turn's timer reads may be
// :any.
type defaultsLedger struct {
	limit int // want `suggest for field limit: //confined:any: only code building a defaultsLedger writes it, and func literal in \(\*suggestturns\.defaultsLedger\)\.Handle reads it off the owner`
	ticks chan int
}

func (l *defaultsLedger) Init(string) { // want Init:`summary\(arg0 writes suggestturns\.defaultsLedger\.limit; started arg0\)` Init:`writes suggestturns\.defaultsLedger\.limit; reads suggestturns\.defaultsLedger\.limit`
	if l.limit == 0 {
		l.limit = 3
	}
	go l.tick(l.ticks)
}

func (l *defaultsLedger) tick(out chan int) { out <- 1 }

func (l *defaultsLedger) Handle(msg any) { // want Handle:`summary\(started arg0\)`
	time.AfterFunc(time.Second, func() { _ = l.limit })
}

func (l *defaultsLedger) Stop() {}

// Look-alike: Init starts its ticker first and gives the default after,
// beside the ticker: no set-up, no :any.
type lateLedger struct {
	limit int
	ticks chan int
}

func (l *lateLedger) Init(string) { // want Init:`summary\(arg0 writes suggestturns\.lateLedger\.limit; started arg0\)` Init:`writes suggestturns\.lateLedger\.limit`
	go l.tick(l.ticks)
	l.limit = 3
}

func (l *lateLedger) tick(out chan int) { out <- 1 }

func (l *lateLedger) Handle(msg any) { // want Handle:`summary\(started arg0\)`
	time.AfterFunc(time.Second, func() { _ = l.limit })
}

func (l *lateLedger) Stop() {}

// Look-alike: Init sets the limit to zero, as a reset would: a zero is
// no value to set up, no :any.
type zeroedLedger struct {
	limit int
}

func (l *zeroedLedger) Init(string) { l.limit = 0 } // want Init:`summary\(arg0 writes suggestturns\.zeroedLedger\.limit\)` Init:`writes suggestturns\.zeroedLedger\.limit`

func (l *zeroedLedger) Handle(msg any) { // want Handle:`summary\(started arg0\)`
	time.AfterFunc(time.Second, func() { _ = l.limit })
}

func (l *zeroedLedger) Stop() {}

// Look-alike: Stop sets closed to true, a constant that is no default
// (nothing tested it for zero): a state change on the owner, no set-up,
// so the flag a turn's timer reads gets no :any.
type closingLedger struct {
	name   string
	closed bool
}

func (l *closingLedger) Init(name string) { l.name = name } // want Init:`summary\(arg0 writes suggestturns\.closingLedger\.name\)` Init:`writes suggestturns\.closingLedger\.name`

func (l *closingLedger) Handle(msg any) { // want Handle:`summary\(started arg0\)`
	time.AfterFunc(time.Second, func() { _ = l.closed })
}

func (l *closingLedger) Stop() { l.closed = true } // want Stop:`summary\(arg0 writes suggestturns\.closingLedger\.closed\)` Stop:`writes suggestturns\.closingLedger\.closed`
