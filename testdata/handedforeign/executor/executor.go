// Package executor runs funcs one at a time on a goroutine of its own.
package executor

type Loop struct{ ops chan func() }

func Start() *Loop {
	l := &Loop{ops: make(chan func())}
	go l.run()
	return l
}

func (l *Loop) run() {
	for op := range l.ops {
		op()
	}
}

// Do runs fn on the loop.
func (l *Loop) Do(fn func()) { l.ops <- fn }
