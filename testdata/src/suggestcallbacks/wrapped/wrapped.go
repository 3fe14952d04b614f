// Package wrapped: a loop that calls the callbacks registered with it
// through a helper recovering their panics (l.invoke(func() { fn(now) })),
// as it runs what it is handed. Registering one is handing it to the
// loop's goroutine: async. Look-alike: Each calls the callbacks on its
// caller's goroutine through the same helper, and proposes nothing.
package wrapped

import "time"

type Loop struct {
	calls  chan func()
	onTick []func(time.Time)
	onStop []func()
	runs   int
}

func New() *Loop { // want New:`summary\(started result; starts a loop\)`
	l := &Loop{calls: make(chan func())}
	go l.run()
	return l
}

func (l *Loop) OnTick(fn func(time.Time)) { l.onTick = append(l.onTick, fn) } // want `suggest for \(\*wrapped\.Loop\)\.OnTick: //confined:async fn: it keeps fn in the field onTick, whose funcs \(\*wrapped\.Loop\)\.run calls on its own goroutine` OnTick:`writes suggestcallbacks/wrapped\.Loop\.onTick; reads suggestcallbacks/wrapped\.Loop\.onTick; grows suggestcallbacks/wrapped\.Loop\.onTick` OnTick:`confined:async\[1\]` OnTick:`summary\(stores arg1 in suggestcallbacks/wrapped\.Loop\.UF1\)`

func (l *Loop) OnStop(fn func()) { l.onStop = append(l.onStop, fn) } // want OnStop:`writes suggestcallbacks/wrapped\.Loop\.onStop; reads suggestcallbacks/wrapped\.Loop\.onStop; grows suggestcallbacks/wrapped\.Loop\.onStop` OnStop:`summary\(stores arg1 in suggestcallbacks/wrapped\.Loop\.UF2\)`

func (l *Loop) run() { // want `suggest for \(\*wrapped\.Loop\)\.run: //confined:loop: a goroutine runs it \(go statement in wrapped\.New, wrapped\.go:19\) and it receives from a channel in a loop \(wrapped\.go:31\)` run:`confined:loop`
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case fn := <-l.calls:
			l.invoke(fn)
			l.runs++
		case now := <-t.C:
			for _, fn := range l.onTick {
				l.invoke(func() { fn(now) })
			}
		}
	}
}

func (l *Loop) invoke(fn func()) {
	defer func() { _ = recover() }()
	fn()
}

func (l *Loop) Do(fn func()) { l.calls <- fn } // want `suggest for \(\*wrapped\.Loop\)\.Do: //confined:hop fn: it sends fn on calls, which the loop \(\*wrapped\.Loop\)\.run calls` Do:`confined:hop\[1\]` Do:`summary\(hop arg1\)`

// Each runs the stop callbacks here, on its caller's goroutine.
func (l *Loop) Each() { // want Each:`reads suggestcallbacks/wrapped\.Loop\.onStop` Each:`summary\(invokes arg0\)`
	for _, fn := range l.onStop {
		l.invoke(func() { fn() })
	}
}
