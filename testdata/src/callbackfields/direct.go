package callbackfields

// A worker started as a method of a confined type that touches its state
// itself (go q.worker(), reported at its touches) still runs what it
// calls: the funcs dispatch stores in a task's field, called by the worker,
// run off the owner. Look-alike: a field only the loop calls.

type task struct {
	onFail func()
	onDone func()
}

//confined:owner
type queue struct { // want queue:"confined:owner"
	work     chan *task
	attempts int
	failed   int
}

func (q *queue) dispatch(j *task) {
	j.onFail = func() {
		q.attempts++ // want `writes confined callbackfields.queue.attempts off the owner: this code runs via the func stored in field onFail \(func literal in \(\*callbackfields.queue\).dispatch at direct.go:\d+\), called off the owner by \(\*callbackfields.queue\).worker`
	}
	j.onDone = func() { q.attempts = 0 }
	q.work <- j
}

func (q *queue) worker() {
	for j := range q.work {
		q.failed++ // want `calls confined \(\*callbackfields.queue\).worker off the owner: this code runs via a go statement`
		j.onFail()
	}
}

//confined:loop
func (q *queue) finish(done chan *task) { // want finish:`confined:loop`
	for j := range done {
		j.onDone()
	}
}

func startQueue(q *queue) {
	go q.worker()
}
