package factories

// A factory whose closure, when called, starts the func it was handed on
// a goroutine: the factory's caller hands that func off the owner, as if
// the factory started it itself (a test's scenario table built of method
// expressions: "Peek": probe((*fetcher).count)).
func probe(look func(*fetcher) int) func(*fetcher) {
	return func(f *fetcher) {
		go func() { _ = look(f) }()
	}
}

// Look-alike: a factory whose closure calls the func itself runs it where
// the closure is called.
func direct(look func(*fetcher) int) func(*fetcher) int {
	return func(f *fetcher) int { return look(f) }
}

func (f *fetcher) count() int { return len(f.results) } // want `calls confined \(\*factories.fetcher\).count off the owner: this code runs via factories.probe`

var probes = []any{probe((*fetcher).count), direct((*fetcher).count)}
