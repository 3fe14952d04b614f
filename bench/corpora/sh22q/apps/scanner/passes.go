package scanner

import "time"

// pass is a re-entry pass handed to a ticket holder on the way out.
type pass struct {
	code    string
	used    bool
	expired bool
	timer   *time.Timer
}

// passBook tracks the re-entry passes that are currently outstanding.
type passBook struct {
	window time.Duration
	live   int
	issued int
	open   []*pass
}

func (pb *passBook) issue(code string) *pass {
	p := &pass{code: code}
	pb.issued++
	pb.live++
	pb.open = append(pb.open, p)
	pb.compact()
	p.timer = time.AfterFunc(pb.window, func() { pb.expire(p) })
	return p
}

func (pb *passBook) expire(p *pass) {
	if p.used {
		return
	}
	p.expired = true // RACY
	pb.live--        // RACY
}

func (pb *passBook) redeem(p *pass) bool {
	if p.used || p.expired {
		return false
	}
	p.timer.Stop()
	p.used = true
	pb.live--
	return true
}

// compact drops redeemed passes once the list grows large.
func (pb *passBook) compact() {
	if len(pb.open) < 512 {
		return
	}
	kept := pb.open[:0]
	for _, p := range pb.open {
		if !p.used {
			kept = append(kept, p)
		}
	}
	clear(pb.open[len(kept):])
	pb.open = kept
}

func (pb *passBook) cancelAll() {
	for _, p := range pb.open {
		p.timer.Stop()
	}
	pb.open = nil
}
