package entrypoints

// Queue's loop is a goroutine literal started in a method, as queues often
// are.
//
//confined:owner
type Queue struct { // want Queue:"confined:owner"
	items []string
	in    chan string
	quit  chan struct{}
}

func (q *Queue) start() {
	//confined:loop
	go func() {
		for {
			select {
			case s := <-q.in:
				q.items = append(q.items, s)
			case <-q.quit:
				return
			}
		}
	}()
	// Another goroutine of the same method is not the loop.
	go func() {
		q.items = nil // want `writes confined entrypoints.Queue.items off the owner: this code runs via a go statement`
	}()
}

// Without the directive the same goroutine is off the owner.
func (q *Queue) startUnmarked() {
	go func() {
		for s := range q.in {
			q.items = append(q.items, s) // want `writes confined entrypoints.Queue.items off the owner`
		}
	}()
}

// A loop literal touching another owner's state is reported as loops are.
func (q *Queue) startTouchingBook(b *Book) {
	//confined:loop @queue
	go func() {
		for s := range q.in {
			b.hits[s]++ // want `writes default-owner state entrypoints.Book.hits from the @queue loop`
		}
	}()
}
