// Package mutex: a framework's turns keep their state in a type with a
// mutex that guards one counter. The framework names the owner and the
// code off it, so the fields the turns write that code off the owner
// reads are the owner's, one by one, and so is a field a goroutine writes
// that the turns read. (Without a framework, a loop's field that code off
// it only reads gets none: see suggestmutex/reads.)
package mutex

import "sync"

// A Receiver handles one message at a time, on its owner.
type Receiver interface {
	//confined:loop
	Receive(msg any) // want Receive:`confined:loop` Receive:`summary`
}

type state struct {
	mu    sync.Mutex
	safe  int             // under mu
	order []string        // want `suggest for field order: //confined:owner: the framework's turns \(\(\*mutex.model\).Receive\) write it without a lock and code off the owner \(func literal in \(\*mutex.model\).Receive\) reads it; no code writes it with the lock of its state held`
	quota int             // want `suggest for field quota: //confined:owner: code off the owner \(\(\*mutex.state\).refresh\) writes it without a lock and \(\*mutex.model\).Receive reads it, as the owner's marks, order, queue are`
	queue []string        // want `suggest for field queue: //confined:owner: the framework's turns \(\(\*mutex.model\).Receive\) write it without a lock and hand its entries to mutex.Normalize, which starts code touching them off the owner`
	shown int             // only the turns touch it: no proposal
	kept  []string        // handed to a helper that reads it in place: no proposal
	marks map[string]bool // want `suggest for field marks: //confined:owner: the framework's turns \(\(\*mutex.model\).Receive\) write it without a lock, and so does \(\*mutex.state\).Mark, which other code may call off the owner`
}

// Mark is exported: code anywhere may call it, the turns do.
func (st *state) Mark(k string) { st.marks[k] = true } // want Mark:`writes suggestturns/mutex\.state\.marks`

type model struct{ st *state }

func newModel() Receiver { return &model{st: &state{}} }

func (m *model) Receive(msg any) { // want Receive:`summary` Receive:`writes suggestturns/mutex\.state\.kept, suggestturns/mutex\.state\.marks, suggestturns/mutex\.state\.order, suggestturns/mutex\.state\.queue, suggestturns/mutex\.state\.shown; reads suggestturns/mutex\.model\.st, suggestturns/mutex\.state\.kept, suggestturns/mutex\.state\.order, suggestturns/mutex\.state\.queue, suggestturns/mutex\.state\.quota, suggestturns/mutex\.state\.safe, suggestturns/mutex\.state\.shown`
	st := m.st
	switch msg.(type) {
	case string:
		if st.quota > 0 {
			st.order = append(st.order, "x")
			st.queue = append(st.queue, "x")
			st.kept = append(st.kept, "x")
			st.shown++
		}
	case int:
		go func() { println(len(st.order)) }()
	case bool:
		go st.refresh()
	case []string:
		Normalize(st.queue)
		println(count(st.kept))
	case uint:
		st.Mark("x")
	case float64:
		st.mu.Lock()
		st.safe++
		st.mu.Unlock()
	}
}

func (st *state) refresh() { st.quota = 5 }

func Normalize(q []string) { // want Normalize:`summary\(off by a go statement: writes the entries of arg0\)`
	go func() {
		for i := range q {
			q[i] = ""
		}
	}()
}

func count(q []string) int {
	n := 0
	for _, s := range q {
		n += len(s)
	}
	return n
}
