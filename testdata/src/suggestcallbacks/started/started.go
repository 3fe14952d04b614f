// Package started: the look-alike of suggestcallbacks' Conn, a listener
// its Start starts. A registration may come before the Start, set-up
// rather than a client's call: async, and no offowner.
package started

type Listener struct { // want `suggest for started.Listener: //confined:owner: code on the owner \(\(\*started.Listener\).loop\) writes its field n`
	onEvent func(string)
	in      chan string
	n       int
}

func NewListener() *Listener { return &Listener{in: make(chan string)} }

func (l *Listener) OnEvent(f func(string)) { l.onEvent = f } // want `suggest for \(\*started.Listener\).OnEvent: //confined:async f: it keeps f in the field onEvent, whose funcs \(\*started.Listener\).loop calls on its own goroutine$` OnEvent:`summary\(stores arg1 in suggestcallbacks/started\.Listener\.UF0\)` OnEvent:`writes suggestcallbacks/started\.Listener\.onEvent` OnEvent:`confined:async\[1\]`

func (l *Listener) Start() { go l.loop() } // want Start:`summary\(started arg0; starts a loop\)`

func (l *Listener) Send(m string) { l.in <- m }

func (l *Listener) loop() { // want `suggest for \(\*started.Listener\).loop: //confined:loop:` loop:`confined:loop`
	for m := range l.in {
		l.n++
		if l.onEvent != nil {
			l.onEvent(m)
		}
	}
}
