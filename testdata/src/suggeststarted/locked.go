package suggeststarted

import "sync"

// Spans are written by the hub's loop (its log) and by streams, whose
// trim writes them with the stream's lock held: such values are shared
// under that lock, not one owner's. No owner is proposed.
type span struct{ start, end int }

type stream struct {
	mu    sync.Mutex
	spans []*span
	last  *mark
}

func (st *stream) trim() {
	st.mu.Lock()
	st.spans[0].start++
	st.mu.Unlock()
}

// Look-alike: marks are only read under a lock elsewhere; the loop writes
// them, and owns them.
type mark struct{ n int } // want `suggest for suggeststarted.mark: //confined:owner: code on the owner \(\(\*suggeststarted.hub\).run\) writes its field n without a lock`

func (st *stream) peek() int {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.last.n
}
