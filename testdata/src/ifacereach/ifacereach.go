// Package ifacereach checks that an interface value stands only for the
// types that can reach it: a value of a library's interface type is never
// one of the package's types that do not implement that interface, and a
// type the package never converts to a library's interface is never run by
// the library through it.
package ifacereach

import (
	"net"
	"time"
)

type closer interface{ Close() error } // want Close:`summary\(arg0 calls \(\*ifacereach.Agent\).Close if arg0 is ifacereach.Agent; arg0 writes ifacereach.Agent.done if arg0 is ifacereach.handed\)`

//confined:owner
type Agent struct { // want Agent:"confined:owner"
	done  bool
	conns []net.Conn
}

func (a *Agent) Close() error { a.done = true; return nil } // want Close:`summary\(arg0 writes ifacereach.Agent.done\)` `calls confined \(\*ifacereach.Agent\).Close off the owner: this code runs via time.AfterFunc`

func closeQuietly(c closer) { _ = c.Close() }

// A net.Listener is never an *Agent (nor a handed, below): closing one on
// a timer touches nothing.
func (a *Agent) dropLater(l net.Listener) {
	time.AfterFunc(time.Second, func() { closeQuietly(l) })
}

// Look-alike: the agent itself, closed on a timer.
func (a *Agent) closeLater() {
	time.AfterFunc(time.Second, func() {
		closeQuietly(a)
	})
}

// tracked implements net.Conn but only the agent's loop closes it: net
// closing its own conns on its goroutines never runs this Close.
type tracked struct {
	net.Conn
	a *Agent
}

func (t *tracked) Close() error { t.a.done = true; return t.Conn.Close() } // want Close:`summary\(arg0 writes ifacereach.Agent.done\)` Close:"may block"

func (a *Agent) closeAll() {
	for _, c := range a.conns {
		t := &tracked{Conn: c, a: a}
		_ = t.Close()
	}
}

// Look-alike: handed out as a net.Conn, where any code may close it.
type handed struct {
	net.Conn
	a *Agent
}

func (h *handed) Close() error { // want Close:`summary\(arg0 writes ifacereach.Agent.done\)`
	h.a.done = true // want `writes confined ifacereach.Agent.done off the owner: this code runs via \(\*ifacereach.handed\).Close, which implements \(net.Conn\).Close`
	return nil
}

func (a *Agent) wrap(c net.Conn) net.Conn { return &handed{Conn: c, a: a} }

// Stopper is stopped by StopLater, off the owner. The package's worker
// implements it, but nothing makes a worker a Stopper: only the agent's
// loop stops one.
type Stopper interface{ Stop() } // want Stop:"entry point, called off the owner by ifacereach.StopLater"

type worker struct{ a *Agent }

func (w *worker) Stop() { w.a.done = true } // want Stop:`summary\(arg0 writes ifacereach.Agent.done\)`

func (a *Agent) stopWorker() { (&worker{a: a}).Stop() }

func StopLater(ss []Stopper) { // want StopLater:`summary\(off by a go statement: reads the entries of arg0\)`
	go func() {
		for _, s := range ss {
			s.Stop()
		}
	}()
}

// Look-alike: a job is handed out by an exported constructor, and other
// packages may make it a Pauser.
type Pauser interface{ Pause() } // want Pause:"entry point, called off the owner by ifacereach.PauseLater" Pause:`summary\(arg0 writes ifacereach.Agent.done if arg0 is ifacereach.job\)`

type job struct{ a *Agent }

func (j *job) Pause() { j.a.done = true } // want Pause:`summary\(arg0 writes ifacereach.Agent.done\)` `writes confined ifacereach.Agent.done off the owner: this code runs via a go statement \(ifacereach.go:\d+\); path \(\*ifacereach.job\).Pause`

// NewJob makes a job.
func NewJob(a *Agent) *job { return &job{a: a} } // want NewJob:`summary\(\)`

func PauseLater(ps []Pauser) { // want PauseLater:`summary\(off by a go statement: reads the entries of arg0\)`
	go func() {
		for _, p := range ps {
			p.Pause()
		}
	}()
}
