// Package suggestfutures is a small future library without a directive:
// -suggest proposes where its futures complete and which callbacks run
// where a future completes, and the async sink it exports.
package suggestfutures

import "sync"

// A Future holds a value once it completes.
type Future struct {
	mu        sync.Mutex
	done      bool
	v         int
	callbacks []func(int)
}

func (f *Future) complete(v int) {
	f.mu.Lock()
	f.done, f.v = true, v
	cbs := f.callbacks
	f.mu.Unlock()
	for _, cb := range cbs {
		cb(v)
	}
}

// OnComplete runs fn where f completes.
func (f *Future) OnComplete(fn func(int)) { // want OnComplete:`confined:inherit\[1\]` OnComplete:`summary\(invokes arg1; async arg1\)` `suggest for \(\*suggestfutures.Future\).OnComplete: //confined:inherit fn: it keeps fn among its receiver's callbacks, which run where the receiver completes` OnComplete:`reads suggestfutures\.Future\.callbacks, suggestfutures\.Future\.done, suggestfutures\.Future\.v`
	f.mu.Lock()
	if !f.done {
		f.callbacks = append(f.callbacks, fn)
		f.mu.Unlock()
		return
	}
	v := f.v
	f.mu.Unlock()
	fn(v)
}

// Then continues f with fn, where f completes.
func (f *Future) Then(fn func(int) int) *Future { // want Then:`confined:inherit\[1\]` Then:`summary\(hop arg1\)` `suggest for \(\*suggestfutures.Future\).Then: //confined:inherit fn: it hands fn, in a callback, to \(\*suggestfutures.Future\).OnComplete on a future it was handed` Then:`reads suggestfutures\.Future\.callbacks, suggestfutures\.Future\.done, suggestfutures\.Future\.v`
	out := &Future{}
	f.OnComplete(func(v int) { out.complete(fn(v)) })
	return out
}

// FromChannel completes with the first value of ch, on a goroutine.
func FromChannel(ch <-chan int) *Future { // want FromChannel:`confined:completes async` FromChannel:`summary\(\)` `suggest for suggestfutures.FromChannel: //confined:completes async: the future it returns is completed by the code it hands to a go statement`
	f := &Future{}
	go func() { f.complete(<-ch) }()
	return f
}

// Ready is complete already: not async.
func Ready(v int) *Future {
	f := &Future{}
	f.complete(v)
	return f
}

// Later runs f on a goroutine of its own.
func Later(f func()) { go f() } // want Later:`summary\(async arg0\)` `suggest for suggestfutures.Later: //confined:async f: it hands f to a goroutine or an async sink, which runs it off the owner`

// Attempt runs f on a goroutine and waits for it, up to three times.
func Attempt(f func() error) error { // want Attempt:`summary\(invokes arg0; of which waited arg0\)` `suggest for suggestfutures.Attempt: //confined:sync f: it runs f on a goroutine it waits for, so it runs while its caller waits`
	var err error
	for range 3 {
		done := make(chan error, 1)
		go func() { done <- f() }()
		if err = <-done; err == nil {
			return nil
		}
	}
	return err
}

// A Timer runs tasks later, on a goroutine of its own.
type Timer interface {
	Schedule(task func()) // want Schedule:`summary\(async arg1\)` `suggest for \(suggestfutures.Timer\).Schedule: //confined:async task: its implementation \(\*suggestfutures.queueTimer\).Schedule runs task off the owner`
}

// A queueTimer keeps tasks in a queue its goroutine drains.
type queueTimer struct {
	mu    sync.Mutex
	tasks []entry
	wake  chan struct{}
}

type entry struct{ task func() }

func newQueueTimer() *queueTimer {
	t := &queueTimer{wake: make(chan struct{}, 1)}
	go t.run()
	return t
}

// NewTimer starts a timer.
func NewTimer() Timer { return newQueueTimer() } // want NewTimer:`summary\(started result\)`

// Schedule queues task.
func (t *queueTimer) Schedule(task func()) { // want Schedule:`summary\(async arg1\)` `suggest for \(\*suggestfutures.queueTimer\).Schedule: //confined:async task: it hands task to a goroutine or an async sink` Schedule:`reads suggestfutures\.queueTimer\.tasks`
	t.mu.Lock()
	t.push(task)
	t.mu.Unlock()
}

func (t *queueTimer) push(task func()) { t.tasks = append(t.tasks, entry{task: task}) } // want `suggest for \(\*suggestfutures.queueTimer\).push: //confined:async task: it keeps task in the field task, whose funcs \(\*suggestfutures.queueTimer\).run calls on its own goroutine`

func (t *queueTimer) due() []func() {
	var out []func()
	for _, e := range t.tasks {
		out = append(out, e.task)
	}
	t.tasks = nil
	return out
}

func (t *queueTimer) run() {
	for range t.wake {
		t.mu.Lock()
		due := t.due()
		t.mu.Unlock()
		for _, f := range due {
			f()
		}
	}
}

// Sleep returns a future the timer completes.
func Sleep(t Timer) *Future { // want Sleep:`confined:completes async` Sleep:`summary\(\)` `suggest for suggestfutures.Sleep: //confined:completes async: the future it returns is completed by the code it hands to \(suggestfutures.Timer\).Schedule`
	f := &Future{}
	t.Schedule(func() { f.complete(0) })
	return f
}

// A Report is filled by goroutines before it is returned: a value, not a
// future.
type Report struct{ n int }

// Count fills a report on two goroutines and waits for them.
func Count() *Report { // want Count:"may block"
	r := &Report{}
	var wg sync.WaitGroup
	var mu sync.Mutex
	wg.Go(func() { mu.Lock(); r.n++; mu.Unlock() })
	wg.Wait()
	return r
}

// A Button keeps one handler: a callback field, not a registry.
type Button struct {
	onClick func(int)
}

// OnClick replaces the handler.
func (b *Button) OnClick(fn func(int)) { b.onClick = fn } // want OnClick:`summary\(stores arg1 in suggestfutures\.Button\.UF0\)` OnClick:`writes suggestfutures.Button.onClick`

// click runs the handler here, not on a goroutine: OnClick is not async.
func (b *Button) click() { b.onClick(1) }

// A Runner runs work right away, and so does its implementation: Run is
// not async.
type Runner interface {
	Run(work func()) // want Run:`summary\(invokes arg1\)`
}

type inline struct{}

func (inline) Run(work func()) { work() }

// Inline runs work where it is called.
func Inline() Runner { return inline{} }
