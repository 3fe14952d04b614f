package touches

// A helper that runs work on a goroutine of its own and returns the
// channel it signals when done, whose every caller receives from it right
// away, is waited for: its goroutine runs for its caller. Look-alike: a
// caller that works before it waits shares the value with the goroutine.
//
//confined:owner
type poller struct { // want poller:"confined:owner"
	polls int
}

func (p *poller) poll() { p.polls++ }

func pollOn(p *poller, n int) <-chan int {
	out := make(chan int, 1)
	go func() {
		for i := 0; i < n; i++ {
			p.poll()
		}
		out <- n
	}()
	return out
}

func pollTwice(p *poller) int { return <-pollOn(p, 2) + p.polls }

func pollThrice(p *poller) int {
	if n := <-pollOn(p, 3); n > 0 {
		return p.polls
	}
	return 0
}

func pollLater(p *poller) <-chan int {
	out := make(chan int, 1)
	go func() {
		p.poll() // want `calls confined \(\*touches\.poller\)\.poll off the owner: this code runs via a go statement \(awaited\.go:37\)`
		out <- 1
	}()
	return out
}

func pollBeside(p *poller) int {
	ch := pollLater(p)
	p.polls = 0
	return <-ch
}

// An exported function that returns the channel its goroutine signals is
// an asynchronous call: its callers, in view or not, join the goroutine by
// receiving from the result, and there may be none in view. Look-alike:
// one whose caller in view works before it receives.
func PollAsync(p *poller, n int) <-chan int { // want PollAsync:`summary\(arg0 calls \(\*touches\.poller\)\.poll; joined by its result\)`
	out := make(chan int, 1)
	go func() {
		for i := 0; i < n; i++ {
			p.poll()
		}
		out <- n
	}()
	return out
}

func PollAhead(p *poller) <-chan int { // want PollAhead:`summary\(started arg0\)`
	out := make(chan int, 1)
	go func() {
		p.poll() // want `calls confined \(\*touches\.poller\)\.poll off the owner: this code runs via a go statement \(awaited\.go:67\); inside, it writes touches\.poller\.polls; fix: no loop runs the owner, so there is none to hand the work to: let this code work on a value of its own and hand the result back, or guard the field with a lock or an atomic`
		out <- 1
	}()
	return out
}

func pollAheadBeside(p *poller) int {
	ch := PollAhead(p)
	p.polls = 0
	return <-ch
}

// What the goroutine defers to run after its signal runs beside the
// caller that received it: a deferred write after the send races with what
// the caller does next. Look-alikes: a write deferred after the deferred
// close, which runs before it, and a write made before the send.
func PollTimed(p *poller) <-chan int { // want PollTimed:`summary\(arg0 writes touches\.poller\.polls; joined by its result\)`
	out := make(chan int, 1)
	go func() {
		defer func() { p.polls++ }() // want `writes confined touches\.poller\.polls off the owner: this code runs via a go statement \(awaited\.go:\d+\)`
		out <- 1
	}()
	return out
}

func PollClosing(p *poller) <-chan struct{} { // want PollClosing:`summary\(arg0 writes touches\.poller\.polls; joined by its result\)`
	out := make(chan struct{})
	go func() {
		defer close(out)
		defer func() { p.polls++ }()
		p.poll()
	}()
	return out
}

func PollCounted(p *poller) <-chan int { // want PollCounted:`summary\(arg0 writes touches\.poller\.polls; joined by its result\)`
	out := make(chan int, 1)
	go func() {
		p.polls++
		out <- 1
	}()
	return out
}

// A write deferred before the deferred close runs after it.
func PollClosedFirst(p *poller) <-chan struct{} { // want PollClosedFirst:`summary\(arg0 writes touches\.poller\.polls; joined by its result\)`
	out := make(chan struct{})
	go func() {
		defer func() { p.polls++ }() // want `writes confined touches\.poller\.polls off the owner: this code runs via a go statement \(awaited\.go:\d+\)`
		defer close(out)
		p.poll()
	}()
	return out
}

// A goroutine that sends on its channel in a loop, or twice, streams
// values: a receive waits for the first only, and its receiver goes on
// beside it.
func PollStream(p *poller, n int) <-chan int { // want PollStream:`summary\(started arg0\)`
	out := make(chan int)
	go func() {
		defer close(out)
		for i := 0; i < n; i++ {
			p.poll() // want `calls confined \(\*touches\.poller\)\.poll off the owner: this code runs via a go statement \(awaited\.go:128\); inside, it writes touches\.poller\.polls; fix: no loop runs the owner, so there is none to hand the work to: let this code work on a value of its own and hand the result back, or guard the field with a lock or an atomic`
			out <- i
		}
	}()
	return out
}

func pollFirst(p *poller) int {
	ch := make(chan int)
	go func() {
		p.poll() // want `calls confined \(\*touches\.poller\)\.poll off the owner: this code runs via a go statement \(awaited\.go:140\); inside, it writes touches\.poller\.polls; fix: no loop runs the owner, so there is none to hand the work to: let this code work on a value of its own and hand the result back, or guard the field with a lock or an atomic`
		ch <- 1
		p.poll() // want `calls confined \(\*touches\.poller\)\.poll off the owner: this code runs via a go statement \(awaited\.go:140\); inside, it writes touches\.poller\.polls; fix: no loop runs the owner, so there is none to hand the work to: let this code work on a value of its own and hand the result back, or guard the field with a lock or an atomic`
		ch <- 2
	}()
	return <-ch + p.polls
}

// What the goroutine does after its signal, not deferred, runs beside the
// caller that received it too: the goroutine is not joined. Look-alike:
// after the send it only works on its own variables and calls what
// touches nothing.
func PollMarked(p *poller) <-chan int { // want PollMarked:`summary\(started arg0\)`
	out := make(chan int, 1)
	go func() {
		out <- 1
		p.polls++ // want `writes confined touches\.poller\.polls off the owner: this code runs via a go statement \(awaited\.go:\d+\)`
	}()
	return out
}

func PollTallied(p *poller) <-chan int { // want PollTallied:`summary\(arg0 writes touches\.poller\.polls; joined by its result\)`
	out := make(chan int, 1)
	go func() {
		n := p.polls + 1
		p.polls = n
		out <- n
		n = doubled(n)
		_ = n
	}()
	return out
}

func doubled(n int) int { return n * 2 }
