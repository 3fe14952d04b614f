package methodcalls

import "time"

// A method value handed to a method that keeps it (Become stores the
// receive func; nothing calls it there) is not called by that call: the
// finding names what the call does for sure, Become changing the behavior.

//confined:owner
type behavior struct{ stack []func(int) } // want behavior:"confined:owner"

func (b *behavior) Become(f func(int)) { b.clear(); b.push(f) } // want Become:`summary\(arg0 calls \(\*methodcalls\.behavior\)\.clear; invokes arg1; of which assumed arg1; stores arg0 arg1 in methodcalls\.behavior\.UF0\)`

func (b *behavior) clear() { b.stack = b.stack[:0] } // want `calls confined \(\*methodcalls.behavior\).Become off the owner: this code runs via time.AfterFunc \(becomes.go:\d+\); inside, it writes methodcalls.behavior.stack`

func (b *behavior) push(f func(int)) { b.stack = append(b.stack, f) } // want `calls confined \(\*methodcalls.behavior\).Become off the owner: this code runs via time.AfterFunc \(becomes.go:\d+\); inside, it writes methodcalls.behavior.stack`

//confined:owner
type shop struct { // want shop:"confined:owner"
	beh   *behavior
	stock int
}

func (s *shop) closed(int) { s.stock = 0 } // want `calls confined \(\*methodcalls.shop\).closed off the owner: this code runs via time.AfterFunc \(becomes.go:\d+\); inside, it writes methodcalls.shop.stock`

func (s *shop) closeLater() {
	time.AfterFunc(time.Second, func() {
		s.beh.Become(s.closed)
	})
}

// Look-alike: a function that calls the func it is given runs it here.
func apply(f func(int)) { f(0) }

func (s *shop) applyLater() {
	time.AfterFunc(time.Second, func() {
		apply(s.closed)
	})
}
