package ownership

import "time"

// A struct value a function was given (a value receiver, a parameter, a
// capture) is a copy: reading its plain fields off the owner reads nobody
// else's memory. What the copy shares with the original (a map, a slice, a
// pointer) stays a finding, and so does copying the value off the owner.

//confined:owner
type preview struct { // want preview:"confined:owner"
	sel   int
	name  string
	marks map[int]bool
}

func (p preview) refreshLater() {
	time.AfterFunc(time.Second, func() {
		println(p.sel, p.name)
		println(p.marks[1]) // want `reads confined ownership.preview.marks off the owner`
	})
}

func showLater(p preview) {
	go func() {
		println(p.sel)
	}()
}

// Look-alikes: through a pointer, and copied off the owner.
func (p *preview) refreshShared() {
	time.AfterFunc(time.Second, func() {
		println(p.sel) // want `reads confined ownership.preview.sel off the owner`
	})
}

func copiedOffOwner(pp *preview) {
	go func() {
		v := *pp // want `reads confined ownership.preview off the owner`
		println(v.sel)
	}()
}
