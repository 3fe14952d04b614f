// Package poll: look-alikes of suggestcallerrun's Run. Serve polls: its
// default does other work and it loops again, so it receives work too.
package poll

type Feed struct { // want `suggest for poll.Feed: //confined:owner: code on the owner \(\(\*poll.Feed\).Serve\) writes 2 of its fields \(idle, seen\) without a lock`
	items chan string
	seen  map[string]bool
	idle  int
}

func (f *Feed) Serve() { // want `suggest for \(\*poll.Feed\).Serve: //confined:loop: its callers run it` Serve:"confined:loop" Serve:"writes suggestcallerrun/poll.Feed.idle.*suggestcallerrun/poll.Feed.seen"
	for {
		select {
		case it, ok := <-f.items:
			if !ok {
				return
			}
			f.seen[it] = true
		default:
			f.idle++
		}
	}
}

func (f *Feed) Add(it string) { f.items <- it }

// Flush drains what is queued and returns: its empty default leaves the
// loop when nothing is left, a one-shot drain any caller makes.
type Queue struct {
	in   chan string
	done []string
}

func (q *Queue) Flush() { // want Flush:"writes suggestcallerrun/poll.Queue.done"
	for {
		select {
		case s := <-q.in:
			q.done = append(q.done, s)
		default:
			return
		}
	}
}
