package entrypoints

import "entrypoints/lib"

// A library's interface and one method of another, declared as entry
// points: their implementations here run off the owner.
//
//confined:declare offowner entrypoints/lib.Handler
//confined:declare offowner entrypoints/lib.Listener.OnMessage

type libHandler struct {
	book *Book
}

func (h *libHandler) Serve(req string) { // want Serve:"summary\\(arg0 writes entrypoints.Book.total\\)"
	h.book.total++ // want `writes confined entrypoints.Book.total off the owner: this code runs via \(\*entrypoints.libHandler\).Serve, which implements \(lib.Handler\).Serve, marked //confined:offowner`
}

type listener struct {
	book *Book
}

func (l *listener) OnMessage(msg string) { // want OnMessage:"summary\\(arg0 writes entrypoints.Book.hits\\)"
	l.book.hits[msg]++ // want `writes confined entrypoints.Book.hits off the owner: this code runs via \(\*entrypoints.listener\).OnMessage`
}

func (l *listener) Name() string { // want Name:"summary\\(arg0 reads entrypoints.Book.total\\)"
	_ = l.book.total
	return "listener"
}

var _ lib.Handler = (*libHandler)(nil)
var _ lib.Listener = (*listener)(nil)
