package touches

import (
	"maps"
	"slices"
	"time"
)

// A library function handed a confined map or slice reads or writes its
// entries where it is called, as its row in the known table says
// (maps.Keys, maps.Clone, slices.Sort): through a getter returning the
// field, or the field itself. Look-alikes: the same functions on a map
// the code made itself, or on a copy taken on the owner and handed over.

//confined:owner
type flagTable struct { // want flagTable:"confined:owner"
	flags map[string]bool
	names []string
}

func (t *flagTable) Flags() map[string]bool { return t.flags } // want Flags:`summary\(result 0 carries touches\.flagTable\.flags\)`

func (t *flagTable) Set(name string) { // want Set:`summary\(arg0 writes touches\.flagTable\.flags\)`
	t.flags[name] = true
	t.names = append(t.names, name)
}

func (t *flagTable) listLater() {
	time.AfterFunc(time.Second, func() {
		_ = slices.Sorted(maps.Keys(t.Flags())) // want `reads the entries of confined touches\.flagTable\.flags off the owner: this code runs via time\.AfterFunc \(libraryentries\.go:29\); path maps\.Keys → the entries of touches\.flagTable\.flags`
		_ = maps.Clone(t.flags)                 // want `reads the entries of confined touches\.flagTable\.flags off the owner: this code runs via time\.AfterFunc \(libraryentries\.go:29\); path maps\.Clone → the entries of touches\.flagTable\.flags`
		slices.Sort(t.names)                    // want `writes the entries of confined touches\.flagTable\.names off the owner: this code runs via time\.AfterFunc \(libraryentries\.go:29\); path slices\.Sort → the entries of touches\.flagTable\.names`
	})
}

func (t *flagTable) listOwn() {
	snapshot := maps.Clone(t.flags)
	time.AfterFunc(time.Second, func() {
		own := map[string]bool{"a": true}
		_ = slices.Sorted(maps.Keys(own))
		_ = slices.Sorted(maps.Keys(snapshot))
	})
}
