// Package touches pins down what counts as touching confined state
// (docs/directives.md, the //confined:owner and //confined:any rows and the
// paragraph on channel, sync and sync/atomic fields). Every case runs off
// the owner in a time.AfterFunc callback of its own; each positive case has
// a look-alike negative next to it.
package touches

import (
	"sync"
	"sync/atomic"
	"time"
)

//confined:owner
type server struct { // want server:"confined:owner"
	n     int
	items []int
	ch    chan int
	swap  chan int
	mu    sync.Mutex
	rw    sync.RWMutex
	hits  atomic.Int64
	raw   int64
	flags int64
	//confined:any
	name string
}

func (s *server) bump() { s.n++ } // want `calls confined \(\*touches.server\).bump off the owner: this code runs via time.AfterFunc \(touches.go:\d+\)(; path [^$]*)?(; inside, [^;]*)?; fix: ` `calls confined \(\*touches.server\).bump off the owner: this code runs via time.AfterFunc` `calls confined \(\*touches.server\).bump off the owner` `calls confined \(\*touches.server\).bump off the owner`

func (s server) get() int { return s.n }

// snapshot is safe from any goroutine: it only reads the immutable name.
//
//confined:any
func (s *server) snapshot() string { return s.name }

// locked is safe from any goroutine: it takes the lock around the read.
//
//confined:any
func (s *server) locked() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.n
}

var sink int

// Field reads and writes.

func fieldRead(s *server) {
	time.AfterFunc(time.Second, func() {
		sink = s.n // want `reads confined touches.server.n off the owner: this code runs via time.AfterFunc \(touches.go:\d+\)(; inside, [^;]*)?; fix: `
	})
}

func fieldWrite(s *server) {
	time.AfterFunc(time.Second, func() {
		s.n = 1 // want `writes confined touches.server.n off the owner: this code runs via time.AfterFunc`
	})
}

func fieldIncrement(s *server) {
	time.AfterFunc(time.Second, func() {
		s.n++ // want `writes confined touches.server.n off the owner`
	})
}

func sliceFieldElementWrite(s *server) {
	time.AfterFunc(time.Second, func() {
		s.items[0] = 1 // want `writes confined touches.server.items off the owner`
	})
}

func sliceFieldAppend(s *server) {
	time.AfterFunc(time.Second, func() {
		s.items = append(s.items, 1) // want `writes confined touches.server.items off the owner`
	})
}

// Locking a mutex field does not make the other fields safe: only fields
// whose own type is a channel, sync or sync/atomic type are exempt.
func fieldUnderLock(s *server) {
	time.AfterFunc(time.Second, func() {
		s.mu.Lock()
		s.n++ // want `writes confined touches.server.n off the owner`
		s.mu.Unlock()
	})
}

// Look-alike negative: the same reads and writes on the owner.
func fieldOnOwner(s *server) {
	s.n++
	sink = s.n
	s.items = append(s.items, s.n)
}

// Method calls, pointer and value receivers. Calling a value-receiver method
// copies the receiver: a read of the whole value, whatever the method does.

func pointerMethod(s *server) {
	time.AfterFunc(time.Second, func() {
		s.bump()
	})
}

func valueMethodThroughPointer(s *server) {
	time.AfterFunc(time.Second, func() {
		sink = s.get() // want `reads confined touches.server off the owner`
	})
}

func valueMethodOnValue(v server) {
	time.AfterFunc(time.Second, func() {
		sink = v.get() // want `reads confined touches.server off the owner`
	})
}

func methodValueCalled(s *server) {
	time.AfterFunc(time.Second, func() {
		f := s.bump
		f()
	})
}

// Look-alike negative: //confined:any methods, whatever their body does.
func anyMethods(s *server) {
	time.AfterFunc(time.Second, func() {
		_ = s.snapshot()
		sink = s.locked()
	})
}

// Look-alike negative: a //confined:any field, read and written.
func anyField(s *server) {
	time.AfterFunc(time.Second, func() {
		_ = s.name
		s.name = "renamed"
	})
}

// Methods and fields promoted through embedding.

type byPointer struct {
	*server
	label string
}

type byValue struct {
	server
	label string
}

func promotedMethodByPointer(w *byPointer) {
	time.AfterFunc(time.Second, func() {
		w.bump()
	})
}

func promotedMethodByValue(w *byValue) {
	time.AfterFunc(time.Second, func() {
		w.bump()
	})
}

func promotedValueMethod(w *byValue) {
	time.AfterFunc(time.Second, func() {
		sink = w.get() // want `reads confined touches.server off the owner`
	})
}

func promotedField(w *byPointer) {
	time.AfterFunc(time.Second, func() {
		w.n++ // want `writes confined touches.server.n off the owner`
	})
}

// Look-alike negative: the embedding struct's own fields are not confined.
func embeddingOwnField(w *byPointer, v *byValue) {
	time.AfterFunc(time.Second, func() {
		w.label = "a"
		v.label = "b"
	})
}

// Generic confined types: every instantiation is confined.

//confined:owner
type box[T any] struct { // want box:"confined:owner"
	v T
}

func (b *box[T]) set(v T) { b.v = v } // want `calls confined \(\*touches.box\[T\]\).set off the owner: this code runs via time.AfterFunc \(touches.go:\d+\); path touches.setVia → \(\*touches.box\[T\]\).set(; inside, [^;]*)?; fix: ` `calls confined \(\*touches.box\[T\]\).set off the owner`

func (b *box[T]) peek() T { return b.v } // want `calls confined \(\*touches.box\[T\]\).peek off the owner`

// free is the unconfined twin of box.
type free[T any] struct {
	v T
}

func (f *free[T]) set(v T) { f.v = v }

func genericMethod(b *box[int]) {
	time.AfterFunc(time.Second, func() {
		b.set(1)
	})
}

func genericMethodOtherInstance(b *box[string]) {
	time.AfterFunc(time.Second, func() {
		_ = b.peek()
	})
}

func genericField(b *box[int]) {
	time.AfterFunc(time.Second, func() {
		b.v = 2 // want `writes confined touches.box\[T[^\]]*\].v off the owner`
	})
}

// setVia is a generic helper that touches any instantiation of box.
func setVia[T any](b *box[T], v T) { b.set(v) }

// setFreeVia is setVia's twin over the unconfined free.
func setFreeVia[T any](f *free[T], v T) { f.set(v) }

func genericThroughGenericHelper(b *box[float64]) {
	time.AfterFunc(time.Second, func() {
		setVia(b, 3)
	})
}

// Look-alike negative: the same on an unconfined generic type.
func genericUnconfined(f *free[int]) {
	time.AfterFunc(time.Second, func() {
		f.set(1)
		f.v = 2
		setFreeVia(f, 3)
	})
}

// Owner-only package-level functions.

// flush must run on the owner.
//
//confined:owner
func flush() {}

// flushAnywhere is flush's unannotated twin.
func flushAnywhere() {}

func ownerFunc() {
	time.AfterFunc(time.Second, func() {
		flush() // want `calls confined touches.flush off the owner`
	})
}

func ownerFuncValue() {
	time.AfterFunc(time.Second, flush) // want `calls confined touches.flush off the owner`
}

func ownerFuncGo() {
	go flush() // want `calls confined touches.flush off the owner: this code runs via a go statement`
}

// Look-alike negatives: the unannotated twin off the owner, and flush on it.
func ownerFuncNegative() {
	time.AfterFunc(time.Second, func() {
		flushAnywhere()
	})
	time.AfterFunc(time.Second, flushAnywhere)
	flush()
}

// A //confined:owner field of an otherwise unconfined struct.

type stats struct {
	//confined:owner
	count int // want count:`confined:owner`
	total int
}

func ownerField(st *stats) {
	time.AfterFunc(time.Second, func() {
		st.count++ // want `writes confined touches.stats.count off the owner`
	})
}

func ownerFieldRead(st *stats) {
	time.AfterFunc(time.Second, func() {
		sink = st.count // want `reads confined touches.stats.count off the owner`
	})
}

// Look-alike negative: the sibling field is not confined.
func ownerFieldSibling(st *stats) {
	time.AfterFunc(time.Second, func() {
		st.total++
		sink = st.total
	})
}

// A confined named map type.

//confined:owner
type pending map[int]string // want pending:"confined:owner"

// plain is pending's unconfined twin.
type plain map[int]string

func mapIndexWrite(p pending) {
	time.AfterFunc(time.Second, func() {
		p[1] = "x" // want `writes confined touches.pending off the owner`
	})
}

func mapDelete(p pending) {
	time.AfterFunc(time.Second, func() {
		delete(p, 1) // want `writes confined touches.pending off the owner`
	})
}

func mapRead(p pending) {
	time.AfterFunc(time.Second, func() {
		_ = p[1] // want `reads confined touches.pending off the owner`
	})
}

// Look-alike negative: the same operations on the unconfined twin.
func plainMap(p plain) {
	time.AfterFunc(time.Second, func() {
		p[1] = "x"
		delete(p, 1)
		_ = p[2]
	})
}

// Fields of channel, sync and sync/atomic type are usable from anywhere.

func channelFields(s *server) {
	time.AfterFunc(time.Second, func() {
		s.ch <- 1
		<-s.ch
		select {
		case v := <-s.ch:
			sink = v
		case s.ch <- 2:
		}
		for v := range s.ch {
			sink = v
		}
		sink = len(s.ch)
		close(s.ch)
	})
}

func syncFields(s *server) {
	time.AfterFunc(time.Second, func() {
		s.mu.Lock()
		s.mu.Unlock()
		s.rw.RLock()
		s.rw.RUnlock()
	})
}

func atomicTypedField(s *server) {
	time.AfterFunc(time.Second, func() {
		s.hits.Add(1)
		sink = int(s.hits.Load())
	})
}

func atomicFunctionsOnPlainField(s *server) {
	time.AfterFunc(time.Second, func() {
		atomic.AddInt64(&s.raw, 1)
		sink = int(atomic.LoadInt64(&s.raw))
		atomic.StoreInt64(&s.raw, 0)
	})
}

// Look-alike positives: assigning a channel, sync or atomic field is a
// write (and makes reading it a touch: see chanfields), and a plain read of
// a field otherwise used atomically is a read.

func channelFieldAssigned(s *server) {
	time.AfterFunc(time.Second, func() {
		s.swap = make(chan int) // want `writes confined touches.server.swap off the owner`
	})
}

func channelFieldCleared(s *server) {
	time.AfterFunc(time.Second, func() {
		s.swap = nil // want `writes confined touches.server.swap off the owner`
	})
}

func atomicFieldPlainRead(s *server) {
	time.AfterFunc(time.Second, func() {
		sink = int(s.flags) // want `reads confined touches.server.flags off the owner`
	})
}

func atomicFieldPlainWrite(s *server) {
	time.AfterFunc(time.Second, func() {
		atomic.AddInt64(&s.flags, 1)
		s.flags = 0 // want `writes confined touches.server.flags off the owner`
	})
}

// A struct value a function was given is its own copy: read for its
// fields, or copied whole, off the owner, it touches nobody else's memory.
// What the copy shares with the original (a map) is a touch.

//confined:owner
type handle struct { // want handle:"confined:owner"
	//confined:any
	id    int
	count int
}

//confined:owner
type sharedHandle struct { // want sharedHandle:"confined:owner"
	count int
	tags  map[string]int
}

func valueAnyField(h handle) {
	time.AfterFunc(time.Second, func() {
		sink = h.id
	})
}

func valueOtherField(h handle) {
	time.AfterFunc(time.Second, func() {
		sink = h.count
	})
}

func valueCopied(h handle) {
	time.AfterFunc(time.Second, func() {
		other := h
		_ = other
	})
}

func valueSharedMap(h sharedHandle) {
	time.AfterFunc(time.Second, func() {
		sink = h.count
		sink = h.tags["x"] // want `reads confined touches.sharedHandle.tags off the owner`
	})
}

func valueSharedCopied(h sharedHandle) {
	time.AfterFunc(time.Second, func() {
		other := h // want `reads confined touches.sharedHandle off the owner`
		_ = other
	})
}
