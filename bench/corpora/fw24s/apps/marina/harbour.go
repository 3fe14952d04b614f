package marina

import (
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/ergo-services/ergo/etf"
	"github.com/ergo-services/ergo/gen"
	"github.com/ergo-services/ergo/lib"

	"example.com/corpus/trial-fw24s/internal/tides"
)

// Customs clears a visiting vessel's paperwork.
type Customs interface {
	Clear(vessel string) error
}

// WeatherSource reports the wind speed in knots.
type WeatherSource interface {
	Wind() float64
}

// PilotRoster hands out harbour pilots; it is safe for concurrent use.
type PilotRoster struct {
	mu   sync.Mutex
	free []string
	duty map[string]string
}

// NewPilotRoster returns a roster of the named pilots.
func NewPilotRoster(names ...string) *PilotRoster {
	return &PilotRoster{free: append([]string(nil), names...), duty: map[string]string{}}
}

// Assign gives the vessel a pilot, or "" if none is free.
func (r *PilotRoster) Assign(vessel string) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.free) == 0 {
		return ""
	}
	p := r.free[0]
	r.free = r.free[1:]
	r.duty[p] = vessel
	return p
}

// Config is passed to the harbour master's Init.
type Config struct {
	Berths        []Berth
	Tide          tides.Source
	TideRefresh   time.Duration
	Weather       WeatherSource
	WeatherEvery  time.Duration
	Customs       Customs
	Pilots        *PilotRoster
	PilotAboveLOA float64
	MaxWind       float64
}

// Requests accepted through Direct and Call.
type (
	Arrive        struct{ Vessel Vessel }
	Depart        struct{ Name string }
	VesselStatus  struct{ Name string }
	BoardRequest  struct{}
	Snapshot      struct{}
	TideQuery     struct{}
	WeatherQuery  struct{}
	DepartReceipt struct {
		Berth string
		Fee   int
	}
)

type pilotAssigned struct{ Vessel, Pilot string }

type weatherTick struct{}

// HarbourMaster owns the berth plan of one marina.
type HarbourMaster struct {
	gen.Server

	cfg     Config
	berths  []*Berth
	vessels map[string]*Vessel
	tides   *tides.Board
	wind    float64
	closed  bool
}

// Init implements gen.ServerBehavior.
func (hm *HarbourMaster) Init(process *gen.ServerProcess, args ...etf.Term) error {
	if len(args) != 1 {
		return fmt.Errorf("marina: Init wants a Config")
	}
	cfg, ok := args[0].(Config)
	if !ok {
		return fmt.Errorf("marina: Init wants a Config, got %T", args[0])
	}
	hm.cfg = cfg
	hm.vessels = make(map[string]*Vessel)
	for i := range cfg.Berths {
		b := cfg.Berths[i]
		hm.berths = append(hm.berths, &b)
	}
	hm.tides = tides.NewBoard(cfg.Tide.Read().Level, 0.3)
	if cfg.TideRefresh > 0 {
		time.AfterFunc(cfg.TideRefresh, hm.refreshTide)
	}
	if cfg.WeatherEvery > 0 {
		process.SendAfter(process.Self(), weatherTick{}, cfg.WeatherEvery)
	}
	return nil
}

func (hm *HarbourMaster) refreshTide() {
	hm.tides.Update(hm.cfg.Tide.Read())
}

// HandleInfo implements gen.ServerBehavior.
func (hm *HarbourMaster) HandleInfo(process *gen.ServerProcess, message etf.Term) gen.ServerStatus {
	switch message.(type) {
	case weatherTick:
		hm.wind = hm.cfg.Weather.Wind()
		hm.closed = hm.cfg.MaxWind > 0 && hm.wind > hm.cfg.MaxWind
		process.SendAfter(process.Self(), weatherTick{}, hm.cfg.WeatherEvery)
	}
	return gen.ServerStatusOK
}

// HandleCast implements gen.ServerBehavior.
func (hm *HarbourMaster) HandleCast(process *gen.ServerProcess, message etf.Term) gen.ServerStatus {
	switch m := message.(type) {
	case pilotAssigned:
		if v, ok := hm.vessels[m.Vessel]; ok {
			v.Pilot = m.Pilot
		}
	}
	return gen.ServerStatusOK
}

// HandleCall implements gen.ServerBehavior.
func (hm *HarbourMaster) HandleCall(process *gen.ServerProcess, from gen.ServerFrom, message etf.Term) (etf.Term, gen.ServerStatus) {
	reply, err := hm.handle(process, message)
	if err != nil {
		return err.Error(), gen.ServerStatusOK
	}
	return reply, gen.ServerStatusOK
}

// HandleDirect implements gen.ServerBehavior.
func (hm *HarbourMaster) HandleDirect(process *gen.ServerProcess, ref etf.Ref, message interface{}) (interface{}, gen.DirectStatus) {
	reply, err := hm.handle(process, message)
	return reply, err
}

func (hm *HarbourMaster) handle(process *gen.ServerProcess, message interface{}) (interface{}, error) {
	switch m := message.(type) {
	case Arrive:
		return hm.arrive(process, m.Vessel)
	case Depart:
		return hm.depart(m.Name)
	case VesselStatus:
		v, ok := hm.vessels[m.Name]
		if !ok {
			return nil, ErrUnknownBoat
		}
		return VesselView{Name: v.Name, Berth: v.BerthID, Pilot: v.Pilot, Cleared: v.Cleared, Nights: v.Nights}, nil
	case BoardRequest:
		return hm.berths, nil
	case Snapshot:
		return hm.snapshot(), nil
	case TideQuery:
		return hm.tides.Level(), nil
	case WeatherQuery:
		return hm.wind, nil
	}
	return nil, lib.ErrUnsupportedRequest
}

func (hm *HarbourMaster) arrive(process *gen.ServerProcess, in Vessel) (string, error) {
	if _, ok := hm.vessels[in.Name]; ok {
		return "", ErrAlreadyHere
	}
	if hm.closed {
		return "", fmt.Errorf("marina: harbour closed, wind %.0fkn", hm.wind)
	}
	v := &in
	b, err := chooseBerth(hm.berths, v, func(b *Berth) float64 { return hm.tides.Depth(b.ChartDepth) })
	if err != nil {
		return "", err
	}
	v.Arrived = time.Now()
	v.BerthID = b.ID
	b.Occupant = v.Name
	b.Until = v.Arrived.AddDate(0, 0, v.Nights)
	hm.vessels[v.Name] = v

	if hm.cfg.Customs != nil {
		go hm.clearCustoms(v)
	}
	if hm.cfg.Pilots != nil && v.LOA > hm.cfg.PilotAboveLOA {
		name, roster := v.Name, hm.cfg.Pilots
		go func() {
			pilot := roster.Assign(name)
			process.Cast(process.Self(), pilotAssigned{Vessel: name, Pilot: pilot})
		}()
	}
	return b.ID, nil
}

func (hm *HarbourMaster) clearCustoms(v *Vessel) {
	if err := hm.cfg.Customs.Clear(v.Name); err != nil {
		return
	}
	markCleared(v)
}

func markCleared(v *Vessel) {
	v.Cleared = true // RACY
}

func (hm *HarbourMaster) depart(name string) (DepartReceipt, error) {
	v, ok := hm.vessels[name]
	if !ok {
		return DepartReceipt{}, ErrUnknownBoat
	}
	var berth *Berth
	for _, b := range hm.berths {
		if b.ID == v.BerthID {
			berth = b
		}
	}
	fee := Invoice(v, berth != nil && berth.ShorePower && v.Power)
	if berth != nil {
		berth.Occupant = ""
		berth.Until = time.Time{}
	}
	delete(hm.vessels, name)
	return DepartReceipt{Berth: v.BerthID, Fee: fee}, nil
}

func (hm *HarbourMaster) snapshot() []BerthView {
	out := make([]BerthView, 0, len(hm.berths))
	for _, b := range hm.berths {
		out = append(out, BerthView{ID: b.ID, Pontoon: b.Pontoon, Occupant: b.Occupant, Length: b.Length, Until: b.Until})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}
