package harness

import (
	"errors"
	"os"
	"testing"

	"suggestturns/harness/engine"
)

var errDone = errors.New("done")

type lines []string

func (l *lines) add(s string) { *l = append(*l, s) }

type runner struct {
	m       *testing.M // want `suggest for field m: //confined:any: only code building a runner writes it, and func literal in \(\*harness\.runner\)\.Update reads it off the owner`
	started bool
	tries   int
	result  chan int
	code    int
	log     lines
}

func (r *runner) Update() error { // want Update:`summary\(arg0 writes harness\.runner\.tries; started arg0\)` Update:`writes suggestturns/harness\.runner\.code, suggestturns/harness\.runner\.started; reads suggestturns/harness\.runner\.started, suggestturns/harness\.runner\.tries`
	r.tries++
	r.log.add("tick")
	if !r.started {
		r.started = true
		go func() {
			if r.tries > 1 || len(r.log) > 1 {
				panic("late")
			}
			r.result <- r.m.Run()
		}()
	}
	select {
	case r.code = <-r.result:
		return errDone
	default:
		return nil
	}
}

func TestMain(m *testing.M) {
	r := &runner{m: m, result: make(chan int)}
	_ = engine.RunGame(r)
	os.Exit(r.code)
}

func TestNothing(t *testing.T) {}
