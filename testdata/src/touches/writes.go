package touches

import (
	"encoding/json"
	"strings"
	"sync"
	"time"
)

// A write is a write wherever it happens (docs/directives.md, "Fixes never
// hide a race"): through a field (x.f.g = v, x.f[i] = v, x.f.g++), by a
// pointer-receiver method called on the field, by the field's address
// going where it may be written.

type position struct{ first, last int }

type editor struct{ text string }

func (e *editor) SetText(s string) { e.text = s }
func (e editor) Text() string      { return e.text }

//confined:owner
type view struct { // want view:"confined:owner"
	pos    position
	rows   [4]int
	ed     editor
	cfg    map[string]string
	buf    strings.Builder
	mu     sync.Mutex
	shared *position
}

func writesThroughFields(v *view) {
	time.AfterFunc(time.Second, func() {
		v.pos.first = 0 // want `writes confined touches.view.pos off the owner`
	})
	time.AfterFunc(time.Second, func() {
		v.pos.last++ // want `writes confined touches.view.pos off the owner`
	})
	time.AfterFunc(time.Second, func() {
		v.rows[2] = 1 // want `writes confined touches.view.rows off the owner`
	})
	time.AfterFunc(time.Second, func() {
		v.ed.SetText("late") // want `writes confined touches.view.ed off the owner`
	})
	time.AfterFunc(time.Second, func() {
		v.buf.WriteString("late") // want `writes confined touches.view.buf off the owner`
	})
	time.AfterFunc(time.Second, func() {
		json.Unmarshal([]byte("{}"), &v.cfg) // want `writes confined touches.view.cfg off the owner`
	})
}

// Look-alikes: reading through a field, a value-receiver method, a value
// handed on, the methods of sync: reads (or no touch at all).
func readsThroughFields(v *view) {
	time.AfterFunc(time.Second, func() {
		_ = v.pos.first // want `reads confined touches.view.pos off the owner`
	})
	time.AfterFunc(time.Second, func() {
		_ = v.ed.Text() // want `reads confined touches.view.ed off the owner`
	})
	time.AfterFunc(time.Second, func() {
		_ = len(v.rows) // constant: no touch
	})
	time.AfterFunc(time.Second, func() {
		json.Marshal(v.pos) // want `reads confined touches.view.pos off the owner`
	})
	time.AfterFunc(time.Second, func() {
		v.mu.Lock() // safe from anywhere
		v.mu.Unlock()
	})
	// Through a pointer field, the pointee is written: the field is read.
	time.AfterFunc(time.Second, func() {
		v.shared.first = 1 // want `reads confined touches.view.shared off the owner`
	})
}
