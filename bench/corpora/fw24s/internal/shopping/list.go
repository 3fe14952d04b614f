// Package shopping aggregates recipe ingredients into a shopping list.
package shopping

import (
	"fmt"
	"sort"
	"strings"
	"time"
)

// Item is one line of the list.
type Item struct {
	Name     string
	Quantity float64
	Unit     string
	Aisle    string
}

// String renders the item for display.
func (it Item) String() string {
	return fmt.Sprintf("%g %s %s", it.Quantity, it.Unit, it.Name)
}

// List merges ingredients by name and unit.
type List struct {
	items    []Item
	index    map[string]int
	syncedAt time.Time
	changed  time.Time
}

// New returns an empty list.
func New() *List {
	return &List{index: make(map[string]int)}
}

func key(name, unit string) string {
	return strings.ToLower(strings.TrimSpace(name)) + "|" + unit
}

// Add merges an ingredient into the list.
func (l *List) Add(it Item) {
	k := key(it.Name, it.Unit)
	if i, ok := l.index[k]; ok {
		l.items[i].Quantity += it.Quantity
	} else {
		l.index[k] = len(l.items)
		l.items = append(l.items, it)
	}
	l.changed = time.Now()
}

// Remove subtracts an ingredient, dropping the line when it reaches zero.
func (l *List) Remove(it Item) {
	k := key(it.Name, it.Unit)
	i, ok := l.index[k]
	if !ok {
		return
	}
	l.items[i].Quantity -= it.Quantity
	if l.items[i].Quantity <= 0 {
		l.items = append(l.items[:i], l.items[i+1:]...)
		l.reindex()
	}
	l.changed = time.Now()
}

func (l *List) reindex() {
	clear(l.index)
	for i, it := range l.items {
		l.index[key(it.Name, it.Unit)] = i
	}
}

// Lines returns a copy of the items sorted by aisle then name.
func (l *List) Lines() []Item {
	out := append([]Item(nil), l.items...)
	sort.Slice(out, func(i, j int) bool {
		if out[i].Aisle != out[j].Aisle {
			return out[i].Aisle < out[j].Aisle
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// Len is the number of lines.
func (l *List) Len() int { return len(l.items) }

// MarkSynced records a successful upload.
func (l *List) MarkSynced(at time.Time) {
	l.syncedAt = at // RACY
}

// NeedsSync reports whether the list changed since the last upload.
func (l *List) NeedsSync() bool {
	return l.syncedAt.Before(l.changed)
}
