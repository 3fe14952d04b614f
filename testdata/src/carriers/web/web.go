// Package web reads the gate's replies on its own goroutines.
package web

import (
	"net/http"

	"carriers/gate"
)

func Serve(g *gate.Gate) { // want Serve:`summary\(started arg0\)`
	http.HandleFunc("/status", func(w http.ResponseWriter, r *http.Request) {
		reply := make(chan gate.Stats, 1)
		g.Status(reply)
		render(w, <-reply)
	})
	http.HandleFunc("/take", func(w http.ResponseWriter, r *http.Request) {
		reply := make(chan gate.Work, 1)
		g.Take(reply)
		for _, item := range (<-reply).Items {
			w.Write([]byte(item))
		}
	})
	http.HandleFunc("/snap", func(w http.ResponseWriter, r *http.Request) {
		reply := make(chan gate.Snapshot, 1)
		g.Snap(reply)
		st := <-reply
		for _, p := range st.Recent {
			w.Write([]byte(p))
		}
		w.Write([]byte{byte(len(st.Counts))})
	})
}

func render(w http.ResponseWriter, st gate.Stats) {
	for _, p := range st.Recent { // want `reads the entries of confined gate.Gate.recent off the owner`
		w.Write([]byte(p))
	}
	w.Write([]byte{byte(len(st.Recent))})
}
