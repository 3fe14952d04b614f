package handoffs

import "sync"

// A value made once and given to a go statement in a loop goes to several
// goroutines at once: they share it, so it is nobody's own and each
// touch is a finding. Made in the loop, each goroutine gets one of its own.

func sharedByLoop(items []string) {
	b := &Batch{items: items}
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b.n++ // want `writes confined handoffs.Batch.n off the owner: this code runs via a go statement`
		}()
	}
	wg.Wait()
}

func sharedByLoopArgument(items []string) {
	b := &Batch{items: items}
	for range 2 {
		go flush(b)
	}
}

// Look-alikes: one per iteration, and one given once after the loop.
func ownPerIteration(items []string) {
	for range 2 {
		b := &Batch{items: items}
		go func() {
			b.n++
		}()
	}
}

func givenAfterLoop(items []string) {
	b := &Batch{}
	for _, it := range items {
		b.items = append(b.items, it)
	}
	go func() {
		b.n = len(b.items)
	}()
}
