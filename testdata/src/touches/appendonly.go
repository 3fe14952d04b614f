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

// Look-alikes: names a reset refills in place (append(r.names[:0],
// ...)), and ids an unsubscribe removes in place (append(r.ids[:i],
// r.ids[i+1:]...)): both write over the entries a goroutine still ranges.
//
//confined:owner
type roster struct { // want roster:"confined:owner"
	names []string
	ids   []int
}

func (r *roster) join(n string, id int) {
	r.names = append(r.names, n)
	r.ids = append(r.ids, id)
}

func (r *roster) reset(names []string) { r.names = append(r.names[:0], names...) }

func (r *roster) leave(i int) { r.ids = append(r.ids[:i], r.ids[i+1:]...) }

func (r *roster) announce() { go greetAll(r.names, r.ids) }

func greetAll(names []string, ids []int) {
	for _, n := range names { // want `reads the entries of confined touches\.roster\.names off the owner`
		println(n)
	}
	for _, id := range ids { // want `reads the entries of confined touches\.roster\.ids off the owner`
		println(id)
	}
}

// The same, copied into variables a goroutine's literal captures: the
// hooks only appended to are fixed once appended; the ranks a helper
// rewrites in place, through the variable, are not.
func (f *feed) pollCaptured() {
	hooks, ranked := f.hooks, f.ranked
	sortDesc(ranked)
	go func() {
		for _, h := range hooks {
			h("x")
		}
		for _, r := range ranked { // want `reads the entries of confined touches\.feed\.ranked off the owner`
			println(r)
		}
	}()
}
