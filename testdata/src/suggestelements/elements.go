// Package suggestelements: a loop writing a field of the structs a slice
// holds (l.episodes[i].bytes++) writes that field, not the slice's: the
// element type is the loop's, and the slice, which goes on holding the
// same elements, stays free with the fields only set up. Code off the
// loop reading a title races with nothing; one writing bytes does.
package suggestelements

type episode struct { // want `suggest for suggestelements.episode: //confined:owner: code on the owner \(\(\*suggestelements.library\).run\) writes its field bytes without a lock`
	title string // want `suggest for field title: //confined:any: only code building a episode writes it`
	bytes int
}

type library struct {
	in       chan int
	episodes []episode
}

func newLibrary() *library {
	l := &library{in: make(chan int), episodes: []episode{{title: "a"}}}
	go l.run()
	return l
}

func (l *library) run() { // want `suggest for \(\*suggestelements.library\).run: //confined:loop` run:`confined:loop`
	for i := range l.in {
		l.episodes[i].bytes++
	}
}

// Fetch reads a title off the loop.
func (l *library) Fetch(i int) { // want Fetch:`summary\(started arg0\)`
	go func() { println(l.episodes[i].title) }()
}

// Download writes bytes off the loop.
func (l *library) Download(i int) { // want Download:`summary\(started arg0\)`
	go func() { l.episodes[i].bytes = 5 }()
}
