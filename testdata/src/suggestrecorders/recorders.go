// Package suggestrecorders: a func literal a factory returns that records
// what it is handed into the value it captures (a store watcher) is no
// functional option, which takes the value it configures as a parameter
// and runs where the value is built: what the recorder writes stays
// confined, with no :any. The option look-alike (withLimit) still sets
// limit up.
package suggestrecorders

type Event struct {
	Key string
	Seq int
}

type Store struct{ watchers []func(Event) }

func (s *Store) watch(fn func(Event)) { s.watchers = append(s.watchers, fn) }

func (s *Store) put(e Event) {
	for _, w := range s.watchers {
		go w(e)
	}
}

type Cache struct { // want `suggest for suggestrecorders.Cache: //confined:owner: code off the owner \(func literal in suggestrecorders.versionRecorder\) touches its field version without a lock`
	limit   int // want `suggest for field limit: //confined:any: only code building a Cache writes it`
	version struct {
		Seq int
		Key string
	}
	hits int
}

type Option func(*Cache)

func withLimit(n int) Option { return func(c *Cache) { c.limit = n } }

type Tracked struct{ c *Cache }

func track(st *Store, opts ...Option) *Tracked {
	t := &Tracked{c: &Cache{}}
	for _, o := range opts {
		o(t.c)
	}
	st.watch(versionRecorder(t.c))
	return t
}

func versionRecorder(c *Cache) func(Event) {
	return func(e Event) {
		c.version.Seq = e.Seq
		c.version.Key = e.Key
	}
}

func (t *Tracked) current() int {
	t.c.hits++
	if t.c.hits > t.c.limit {
		return 0
	}
	return t.c.version.Seq
}
