package bikeshare

import (
	"encoding/json"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/anthdm/hollywood/actor"
)

// Service runs the network actor and its HTTP API.
type Service struct {
	Engine  *actor.Engine
	PID     *actor.PID
	Ledger  *Ledger
	Rides   *atomic.Int64
	network *Network
}

// NewService spawns the network actor on engine.
func NewService(engine *actor.Engine, cfg Config, docks []Dock) *Service {
	s := &Service{Engine: engine, Ledger: &Ledger{}, Rides: new(atomic.Int64)}
	s.network = NewNetwork(cfg, docks, s.Ledger, s.Rides)
	s.PID = engine.Spawn(func() actor.Receiver { return s.network }, "network")
	return s
}

// Ask sends msg to the network actor and waits for the reply.
func (s *Service) Ask(msg any) (any, error) {
	return s.Engine.Request(s.PID, msg, 2*time.Second).Result()
}

// Handler serves the public dock map.
func (s *Service) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /docks/{id}", s.handleDock)
	mux.HandleFunc("GET /docks/{id}/free", s.handleFree)
	mux.HandleFunc("GET /rides", s.handleRides)
	return mux
}

func (s *Service) handleDock(w http.ResponseWriter, r *http.Request) {
	res, err := s.Ask(Availability{Dock: r.PathValue("id")})
	if err != nil {
		http.Error(w, err.Error(), http.StatusGatewayTimeout)
		return
	}
	a := res.(AvailabilityReply)
	if a.Err != nil {
		http.Error(w, a.Err.Error(), http.StatusNotFound)
		return
	}
	writeJSON(w, a)
}

func (s *Service) handleFree(w http.ResponseWriter, r *http.Request) {
	d, ok := s.network.docks[r.PathValue("id")]
	if !ok {
		http.NotFound(w, r)
		return
	}
	writeJSON(w, map[string]int{"free": freeSlots(d)})
}

func freeSlots(d *Dock) int {
	return d.Capacity - d.Bikes // RACY
}

func (s *Service) handleRides(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, map[string]int64{"rides": s.Rides.Load()})
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}
