// Package entrypoints checks the code that a framework runs on goroutines
// of its own: net/http's handlers (built in), //confined:offowner funcs,
// interfaces and func types, and a loop written as a goroutine literal.
package entrypoints

import (
	"net/http"
)

//confined:owner
type Book struct { // want Book:"confined:owner"
	hits  map[string]int
	total int
	jobs  chan func()
}

// Post runs f on the loop; it only sends.
//
//confined:hop
func (b *Book) Post(f func()) { b.jobs <- f } // want Post:"confined:hop\\[1\\]" Post:"summary\\(hop arg1\\)"

// run is the loop.
//
//confined:loop
func (b *Book) run() { // want run:`confined:loop`
	for f := range b.jobs {
		f()
	}
}

// A handler registered with http.HandleFunc runs on a per-request
// goroutine.
func serveFunc(b *Book) {
	http.HandleFunc("/hit", func(w http.ResponseWriter, r *http.Request) {
		b.hits[r.URL.Path]++ // want `writes confined entrypoints.Book.hits off the owner: this code runs via http.HandleFunc, where net/http runs handlers on a per-request goroutine`
	})
}

// The same on a ServeMux, handing the work to the loop: correct.
func serveMux(mux *http.ServeMux, b *Book) {
	mux.HandleFunc("/hit", func(w http.ResponseWriter, r *http.Request) {
		path := r.URL.Path
		b.Post(func() { b.hits[path]++ })
	})
}

// An http.HandlerFunc value, converted explicitly.
func serveConverted(mux *http.ServeMux, b *Book) {
	mux.Handle("/total", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b.total++ // want `writes confined entrypoints.Book.total off the owner: this code runs via a value of http.HandlerFunc, where net/http runs handlers`
	}))
}

// A type implementing http.Handler: its ServeHTTP runs per request,
// however it is registered (http.Handle, http.Server{Handler: h}).
type api struct {
	book *Book
}

func (a *api) ServeHTTP(w http.ResponseWriter, r *http.Request) { // want ServeHTTP:"summary\\(arg0 writes entrypoints.Book.total\\)"
	a.book.total++ // want `writes confined entrypoints.Book.total off the owner: this code runs via \(\*entrypoints.api\).ServeHTTP, which implements \(http.Handler\).ServeHTTP, where net/http runs handlers on a per-request goroutine`
}

// A handler that hands the work to the owner is correct.
type posting struct {
	book *Book
}

func (p posting) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p.book.Post(func() { p.book.total++ })
}

// A method named ServeHTTP that implements nothing of net/http's is
// ordinary code.
type notHandler struct {
	book *Book
}

func (n *notHandler) ServeHTTP(w http.ResponseWriter) { // want ServeHTTP:"summary\\(arg0 writes entrypoints.Book.total\\)"
	n.book.total++
}

// A handler that touches only what it makes is correct.
func serveOwn(mux *http.ServeMux) {
	mux.HandleFunc("/own", func(w http.ResponseWriter, r *http.Request) {
		b := &Book{hits: make(map[string]int)}
		b.total++
	})
}

func start(b *Book) {
	go b.run()
	http.Handle("/api", &api{book: b})
	http.Handle("/posting", posting{book: b})
}
