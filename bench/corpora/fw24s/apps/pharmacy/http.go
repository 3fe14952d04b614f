package pharmacy

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"example.com/corpus/trial-fw24s/internal/audit"
)

// Pharmacy wires the counter and insurer actors together.
type Pharmacy struct {
	System  *actor.ActorSystem
	Counter *actor.PID
	Insurer *actor.PID
	Trail   *audit.Trail
	Served  *atomic.Int64
}

// Start spawns the insurer and counter actors.
func Start(system *actor.ActorSystem, formulary Formulary, stock map[string]int, opts ...Option) *Pharmacy {
	p := &Pharmacy{System: system, Trail: audit.NewTrail(500), Served: new(atomic.Int64)}
	p.Insurer = system.Root.Spawn(actor.PropsFromProducer(NewInsurer(formulary, 0)))
	counter := NewCounter(p.Insurer, NewInventory(stock), p.Trail, p.Served, opts...)
	p.Counter = system.Root.Spawn(actor.PropsFromProducer(func() actor.Actor { return counter }))
	return p
}

// Ask sends a request to the counter and waits for its reply.
func (p *Pharmacy) Ask(msg interface{}) (interface{}, error) {
	return p.System.Root.RequestFuture(p.Counter, msg, 2*time.Second).Result()
}

// Tell sends a fire-and-forget message to the counter.
func (p *Pharmacy) Tell(msg interface{}) {
	p.System.Root.Send(p.Counter, msg)
}

// Handler exposes the counter over HTTP for the front-of-store display.
func (p *Pharmacy) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /stats", p.handleStats)
	mux.HandleFunc("GET /served", p.handleServed)
	mux.HandleFunc("GET /audit", p.handleAudit)
	mux.HandleFunc("GET /audit/count", p.handleAuditCount)
	return mux
}

func (p *Pharmacy) handleStats(w http.ResponseWriter, r *http.Request) {
	res, err := p.Ask(&Stats{})
	if err != nil {
		http.Error(w, err.Error(), http.StatusGatewayTimeout)
		return
	}
	writeJSON(w, res)
}

func (p *Pharmacy) handleServed(w http.ResponseWriter, r *http.Request) {
	fmt.Fprintf(w, "%d\n", p.Served.Load())
}

func (p *Pharmacy) handleAudit(w http.ResponseWriter, r *http.Request) {
	n := 20
	if s := r.URL.Query().Get("n"); s != "" {
		if v, err := strconv.Atoi(s); err == nil && v > 0 {
			n = v
		}
	}
	res, err := p.Ask(&AuditTail{N: n})
	if err != nil {
		http.Error(w, err.Error(), http.StatusGatewayTimeout)
		return
	}
	w.Header().Set("Content-Type", "text/plain")
	fmt.Fprint(w, audit.Format(res.(*AuditTailReply).Entries))
}

func (p *Pharmacy) handleAuditCount(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, map[string]int{"entries": p.Trail.Len(), "dropped": p.Trail.Dropped()})
}

func writeJSON(w http.ResponseWriter, v interface{}) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}
