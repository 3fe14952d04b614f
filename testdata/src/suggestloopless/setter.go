package suggestloopless

import "sync"

// Workers that the wait a method returns leaves running read a setting
// through a helper while the exported setter changes it: the setting is
// the creator's, who may call the setter whenever it likes.
type gzipper struct { // want `suggest for suggestloopless\.gzipper: //confined:owner: code off the owner \(func literal `
	level   int
	bufSize int // want `suggest for field bufSize: //confined:any: only code building a gzipper writes it, and \(`
}

func newGzipper() *gzipper { return &gzipper{level: 6, bufSize: 1 << 12} }

func (g *gzipper) SetLevel(l int) { g.level = l } // want SetLevel:`writes suggestloopless\.gzipper\.level`

func (g *gzipper) CompressAll(paths []string) (wait func()) { // want CompressAll:`summary\(started arg0; reads the entries of arg1\)`
	var wg sync.WaitGroup
	for _, p := range paths {
		wg.Go(func() { g.compress(p) })
	}
	return wg.Wait
}

func (g *gzipper) compress(p string) { println(p, g.level, g.bufSize) }

// Look-alike: the call waits for its workers before it returns, so the
// setter never runs beside them.
type waitingGzipper struct {
	level int
}

func (g *waitingGzipper) SetLevel(l int) { g.level = l } // want SetLevel:`writes suggestloopless\.waitingGzipper\.level`

func (g *waitingGzipper) CompressAll(paths []string) { // want CompressAll:`summary\(started arg0; reads the entries of arg1\)` CompressAll:`may block`
	var wg sync.WaitGroup
	for _, p := range paths {
		wg.Go(func() { g.compress(p) })
	}
	wg.Wait()
}

func (g *waitingGzipper) compress(p string) { println(p, g.level) }

// Look-alike: nothing but its constructor sets the level.
type fixedGzipper struct {
	level int
}

func newFixedGzipper(l int) *fixedGzipper { return &fixedGzipper{level: l} }

func (g *fixedGzipper) CompressAll(paths []string) (wait func()) { // want CompressAll:`summary\(started arg0; reads the entries of arg1\)`
	var wg sync.WaitGroup
	for _, p := range paths {
		wg.Go(func() { g.compress(p) })
	}
	return wg.Wait
}

func (g *fixedGzipper) compress(p string) { println(p, g.level) }

// Look-alike: the setter makes the semaphore the workers take: set-up of
// a channel, not a setting.
type boundedGzipper struct {
	sem chan struct{}
}

func (g *boundedGzipper) SetLimit(n int) { g.sem = make(chan struct{}, n) } // want SetLimit:`writes suggestloopless\.boundedGzipper\.sem`

func (g *boundedGzipper) CompressAll(paths []string) (wait func()) { // want CompressAll:`summary\(started arg0; reads the entries of arg1\)`
	var wg sync.WaitGroup
	for _, p := range paths {
		wg.Go(func() { g.compress(p) })
	}
	return wg.Wait
}

func (g *boundedGzipper) compress(p string) {
	g.sem <- struct{}{}
	println(p)
	<-g.sem
}
