// Package pushed: a log whose loop appends through a method of a named
// slice (*l = append(*l, s)) writes that field: a reporter goroutine reading
// it races, and it gets no :any, where the title only the constructor sets
// does.
package pushed

import "strconv"

type lines []string

func (l *lines) add(s string) { *l = append(*l, s) }

type Log struct { // want `suggest for pushed\.Log: //confined:owner: code on the owner \(\(\*pushed\.Log\)\.run\) writes its field entries without a lock, and no other code writes it but where a value is built`
	in      chan string
	title   string // want `suggest for field title: //confined:any: only code building a Log writes it, and func literal in \(\*pushed\.Log\)\.Report reads it off the owner`
	entries lines
}

func New(title string) *Log { // want New:`summary\(started result; starts a loop\)`
	l := &Log{in: make(chan string), title: title}
	go l.run()
	return l
}

func (l *Log) run() { // want `suggest for \(\*pushed\.Log\)\.run: //confined:loop: a goroutine runs it \(go statement in pushed\.New, pushed\.go:21\) and it receives from a channel in a loop \(pushed\.go:26\)` run:`confined:loop`
	for s := range l.in {
		l.entries.add(s)
	}
}

func (l *Log) Add(s string) { l.in <- s }

func (l *Log) Report(out chan<- string) { // want Report:`summary\(started arg0\)`
	go func() {
		out <- l.title
		out <- strconv.Itoa(len(l.entries))
	}()
}
