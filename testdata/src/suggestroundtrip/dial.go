// Package suggestroundtrip: a loop keeping the tasks it dials in a map
// hands each to a goroutine, which works on it and sends it back on the
// loop's channel: a hand-off there and back, the task's fields its
// goroutine's while it runs. The task type gets no owner.
package suggestroundtrip

type task struct {
	dest  string
	tries int
}

func (t *task) run() { t.tries++ }

type scheduler struct { // want `suggest for suggestroundtrip.scheduler: //confined:owner`
	dials   chan string
	doneCh  chan *task
	dialing map[string]*task
}

func newScheduler() *scheduler {
	d := &scheduler{dials: make(chan string), doneCh: make(chan *task), dialing: map[string]*task{}}
	go d.loop()
	return d
}

func (d *scheduler) loop() { // want `suggest for \(\*suggestroundtrip.scheduler\).loop: //confined:loop` loop:`confined:loop`
	for {
		select {
		case dest := <-d.dials:
			t := &task{dest: dest}
			d.dialing[dest] = t
			go func() {
				t.run()
				d.doneCh <- t
			}()
		case t := <-d.doneCh:
			t.tries = 0
			delete(d.dialing, t.dest)
		}
	}
}
