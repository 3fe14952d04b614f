package touches

// The entries of a slice its owner only grows by appending to itself are
// never written again: a goroutine reading those a copy of the field
// holds reads what nobody rewrites (an append past the end leaves them
// be). Look-alikes: one cut back to reuse its array (w.changes[:0]), and
// one whose entries the owner sorts in place, rewrite what the goroutine
// reads.
//
//confined:owner
type feed struct { // want feed:"confined:owner"
	hooks   []func(string)
	changes []string
	ranked  []string
}

func (f *feed) subscribe(h func(string)) { f.hooks = append(f.hooks, h) }

func (f *feed) poll(names []string) {
	f.changes = f.changes[:0]
	for _, n := range names {
		f.changes = append(f.changes, n)
		f.ranked = append(f.ranked, n)
	}
	sortDesc(f.ranked)
	go notifyAll(f.hooks, f.changes, f.ranked)
}

func sortDesc(s []string) {
	for i := 1; i < len(s); i++ {
		if s[i] > s[i-1] {
			s[i], s[i-1] = s[i-1], s[i]
		}
	}
}

func notifyAll(hooks []func(string), changes, ranked []string) {
	for _, c := range changes { // want `reads the entries of confined touches\.feed\.changes off the owner`
		for _, h := range hooks {
			h(c)
		}
	}
	for _, r := range ranked { // want `reads the entries of confined touches\.feed\.ranked off the owner`
		println(r)
	}
}
