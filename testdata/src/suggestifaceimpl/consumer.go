// Package suggestifaceimpl consumes events through an interface of its
// own, which the imported source's type implements: its OnEvent runs the
// listener on the source's loop, so the interface method is async too.
// Look-alike: Visit, which the source runs in place, gets nothing.
package suggestifaceimpl

import "suggestifaceimpl/source"

type Events interface {
	OnEvent(fn func(source.Event)) // want `suggest for \(suggestifaceimpl\.Events\)\.OnEvent: //confined:async fn: its implementation \(\*source\.Source\)\.OnEvent runs fn off the owner`
	Visit(fn func(source.Event))
}

type Board struct {
	seen int
}

func (b *Board) Follow(src Events) {
	src.OnEvent(func(source.Event) { b.seen++ })
	src.Visit(func(source.Event) { b.seen++ })
}
