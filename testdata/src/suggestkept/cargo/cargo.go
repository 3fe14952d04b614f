// Package cargo: what a scheduler's loop numbers and then dispatches to its
// workers, a job of plain data carried by pointer in the run it sends, goes
// with the run: the loop filled it before the hand-off, which is no
// evidence that it owns jobs. A session the loop names, which has methods
// of its own, is a reference the run carries, and stays the loop's.
package cargo

type Job struct { // want Job:`handed over`
	ID      int
	Payload []byte
}

type session struct { // want `suggest for cargo\.session: //confined:owner: code on the owner \(\(\*cargo\.Scheduler\)\.loop\) writes its field turns without a lock, and no other code writes it but where a value is built`
	id    int
	turns int
}

func (s *session) bump() { s.turns++ }

type run struct {
	job  *Job
	sess *session
	done chan error
}

type Scheduler struct { // want `suggest for cargo\.Scheduler: //confined:owner: code on the owner \(\(\*cargo\.Scheduler\)\.loop\) writes 3 of its fields \(nextID, queue, running\) without a lock, and no other code writes it but where a value is built`
	submit   chan *run
	dispatch chan *run
	nextID   int
	queue    []*run
	running  map[int]*run
}

func New(workers int, handle func(*Job) error) *Scheduler { // want `suggest for cargo\.New: //confined:async handle: it hands handle to a goroutine or an async sink, which runs it off the owner` New:`summary\(async arg1; started result; starts a loop\)`
	s := &Scheduler{submit: make(chan *run), dispatch: make(chan *run), running: make(map[int]*run)}
	go s.loop()
	for range workers {
		go func() {
			for r := range s.dispatch {
				r.done <- handle(r.job)
			}
		}()
	}
	return s
}

func (s *Scheduler) loop() { // want `suggest for \(\*cargo\.Scheduler\)\.loop: //confined:loop: a goroutine runs it \(go statement in cargo\.New, cargo\.go:36\) and it receives from a channel in a loop \(cargo\.go:54\)` loop:`confined:loop`
	for {
		var dispatch chan *run
		var next *run
		if len(s.queue) > 0 {
			dispatch, next = s.dispatch, s.queue[0]
		}
		select {
		case r := <-s.submit:
			s.enqueue(r)
		case dispatch <- next:
			s.queue = s.queue[1:]
			s.running[next.job.ID] = next
		}
	}
}

func (s *Scheduler) enqueue(r *run) {
	if r.job.ID == 0 {
		s.nextID++
		r.job.ID = s.nextID
	}
	r.sess.bump()
	s.queue = append(s.queue, r)
}

func (s *Scheduler) Submit(j Job, sess *session) error { // want Submit:`summary\(\)`
	r := &run{job: &j, sess: sess, done: make(chan error, 1)}
	s.submit <- r
	return <-r.done
}
