// Package oncepublished: what only code a sync.Once runs writes, and other
// code reads only after calling that Once's Do, is published by the Once:
// a prefetch goroutine's load races with no Get. Look-alikes: a field the
// once-run code writes that Age reads without the Once, one that SetMode
// writes outside it, and an index another Once's code writes that Indexed
// reads without either.
package oncepublished

import "sync"

//confined:owner
type Loader struct { // want Loader:`confined:owner`
	once      sync.Once
	cfg       map[string]string
	err       error
	loadedAt  int
	mode      string
	indexOnce sync.Once
	index     []string
}

func (l *Loader) Prefetch() { go l.once.Do(l.load) } // want Prefetch:`summary\(started arg0\)`

func (l *Loader) Get() (map[string]string, error) { // want Get:`summary\(arg0 calls \(\*oncepublished\.Loader\)\.load; started arg0; result 0 carries oncepublished\.Loader\.cfg\)`
	l.once.Do(l.load)
	return l.cfg, l.err
}

func (l *Loader) load() {
	l.cfg = map[string]string{"a": "b"}
	l.err = nil
	l.loadedAt++ // want `calls confined \(\*oncepublished.Loader\).load off the owner: this code runs via a go statement \(loader.go:22\); inside, it writes oncepublished.Loader.loadedAt`
	l.mode = "loaded" // want `inside, it writes oncepublished.Loader.mode`
	go l.indexOnce.Do(l.buildIndex)
}

func (l *Loader) Age() int { return l.loadedAt } // want Age:`summary\(arg0 reads oncepublished\.Loader\.loadedAt\)`

func (l *Loader) SetMode(m string) { l.mode = m } // want SetMode:`summary\(arg0 writes oncepublished\.Loader\.mode\)`

func (l *Loader) buildIndex() {
	var idx []string
	for k := range l.cfg {
		idx = append(idx, k)
	}
	l.index = idx // want `calls confined \(\*oncepublished.Loader\).buildIndex off the owner: this code runs via a go statement \(loader.go:34\); inside, it writes oncepublished.Loader.index`
}

func (l *Loader) Keys() []string { // want Keys:`summary\(arg0 calls \(\*oncepublished\.Loader\)\.Get; started arg0; result 0 carries oncepublished\.Loader\.index\)`
	l.Get()
	l.indexOnce.Do(l.buildIndex)
	return l.index
}

func (l *Loader) Indexed() bool { return l.index != nil } // want Indexed:`summary\(arg0 reads oncepublished\.Loader\.index\)`
