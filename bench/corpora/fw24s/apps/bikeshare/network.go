package bikeshare

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/anthdm/hollywood/actor"

	"example.com/corpus/trial-fw24s/internal/stats"
)

// Messages handled by the network actor.
type (
	Checkout struct {
		Dock, Rider, HoldCode string
	}
	CheckoutReply struct {
		TripID string
		Err    error
	}
	Return struct {
		Dock, TripID string
	}
	ReturnReply struct {
		Minutes float64
		Fare    int
		Err     error
	}
	Hold struct {
		Dock, Rider string
	}
	HoldReply struct {
		Code string
		Err  error
	}
	Availability      struct{ Dock string }
	AvailabilityReply struct {
		Bikes, Held, Free int
		Err               error
	}
	Rebalance struct{ Target float64 }
	PlanQuery struct{}
	Nearest   struct {
		From Point
	}
	NearestReply struct {
		Dock string
		Km   float64
	}
	Summary      struct{}
	SummaryReply struct {
		Docks       int
		Bikes       int
		OpenTrips   int
		Overdue     int
		MeanMinutes float64
		Plan        []Move
	}
)

type tripOverdue struct{ TripID string }

type planReady struct{ Moves []Move }

// Trip is an open or finished rental.
type Trip struct {
	ID      string
	Rider   string
	From    string
	Started time.Time
	Overdue bool
}

type hold struct {
	dock    *Dock
	rider   string
	expires time.Time
}

// Ledger accumulates fares; it is shared with billing workers.
type Ledger struct {
	mu      sync.Mutex
	byRider map[string]int
	total   int
}

// Charge adds a fare for a rider.
func (l *Ledger) Charge(rider string, cents int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.byRider == nil {
		l.byRider = make(map[string]int)
	}
	l.byRider[rider] += cents
	l.total += cents
}

// Total returns the ledger total in cents.
func (l *Ledger) Total() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.total
}

// Config tunes the network.
type Config struct {
	HoldFor     time.Duration
	MaxTrip     time.Duration
	UnlockFee   int
	PerMinute   int
	Clock       func() time.Time
	OnHoldLapse func(dock, rider string)
}

// Network is the dock network actor.
type Network struct {
	cfg         Config
	docks       map[string]*Dock
	regions     map[string][]*Dock
	holds       map[string]*hold
	trips       map[string]*Trip
	plan        []Move
	tripMinutes *stats.Window
	ledger      *Ledger
	rides       *atomic.Int64
	engine      *actor.Engine
	self        *actor.PID
	seq         int
}

// NewNetwork builds the actor from a dock list.
func NewNetwork(cfg Config, docks []Dock, ledger *Ledger, rides *atomic.Int64) *Network {
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	if cfg.HoldFor == 0 {
		cfg.HoldFor = 10 * time.Minute
	}
	if cfg.MaxTrip == 0 {
		cfg.MaxTrip = 24 * time.Hour
	}
	n := &Network{
		cfg:         cfg,
		docks:       make(map[string]*Dock, len(docks)),
		regions:     make(map[string][]*Dock),
		holds:       make(map[string]*hold),
		trips:       make(map[string]*Trip),
		tripMinutes: stats.NewWindow(256),
		ledger:      ledger,
		rides:       rides,
	}
	for i := range docks {
		d := docks[i]
		n.docks[d.ID] = &d
		n.regions[d.Region] = append(n.regions[d.Region], &d)
	}
	return n
}

// Receive implements actor.Receiver.
func (n *Network) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case actor.Started:
		n.engine, n.self = c.Engine(), c.PID()
	case Checkout:
		id, err := n.checkout(m)
		c.Respond(CheckoutReply{TripID: id, Err: err})
	case Return:
		c.Respond(n.returnBike(m))
	case Hold:
		code, err := n.placeHold(m.Dock, m.Rider)
		c.Respond(HoldReply{Code: code, Err: err})
	case Availability:
		d, ok := n.docks[m.Dock]
		if !ok {
			c.Respond(AvailabilityReply{Err: ErrUnknown})
			return
		}
		c.Respond(AvailabilityReply{Bikes: d.Bikes, Held: d.Held, Free: d.Free()})
	case tripOverdue:
		if t, ok := n.trips[m.TripID]; ok {
			t.Overdue = true
		}
	case Rebalance:
		n.startRebalance(m.Target)
	case planReady:
		n.plan = m.Moves
	case PlanQuery:
		c.Respond(append([]Move(nil), n.plan...))
	case Nearest:
		c.Respond(n.nearestWithBike(m.From))
	case Summary:
		c.Respond(n.summary())
	}
}

func (n *Network) dock(id string) (*Dock, error) {
	d, ok := n.docks[id]
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrUnknown, id)
	}
	return d, nil
}

func (n *Network) checkout(m Checkout) (string, error) {
	d, err := n.dock(m.Dock)
	if err != nil {
		return "", err
	}
	withHold := false
	if h, ok := n.holds[m.HoldCode]; ok && h.dock == d && n.cfg.Clock().Before(h.expires) {
		withHold = true
		delete(n.holds, m.HoldCode)
	}
	if err := d.checkout(withHold); err != nil {
		return "", err
	}
	n.seq++
	t := &Trip{ID: fmt.Sprintf("T%05d", n.seq), Rider: m.Rider, From: d.ID, Started: n.cfg.Clock()}
	n.trips[t.ID] = t
	n.rides.Add(1)
	n.watchTrip(t.ID)
	return t.ID, nil
}

// watchTrip flags the trip as overdue on the actor if it is still open
// after the maximum rental time.
func (n *Network) watchTrip(id string) {
	eng, self := n.engine, n.self
	time.AfterFunc(n.cfg.MaxTrip, func() {
		eng.Send(self, tripOverdue{TripID: id})
	})
}

func (n *Network) returnBike(m Return) ReturnReply {
	d, err := n.dock(m.Dock)
	if err != nil {
		return ReturnReply{Err: err}
	}
	t, ok := n.trips[m.TripID]
	if !ok {
		return ReturnReply{Err: fmt.Errorf("bikeshare: unknown trip %s", m.TripID)}
	}
	if err := d.dockBike(); err != nil {
		return ReturnReply{Err: err}
	}
	delete(n.trips, t.ID)
	minutes := n.cfg.Clock().Sub(t.Started).Minutes()
	fare := n.cfg.UnlockFee + int(minutes)*n.cfg.PerMinute
	go n.recordTrip(t.Rider, minutes, fare)
	return ReturnReply{Minutes: minutes, Fare: fare}
}

func (n *Network) recordTrip(rider string, minutes float64, fare int) {
	n.ledger.Charge(rider, fare)
	n.tripMinutes.Add(minutes)
}

func (n *Network) placeHold(dockID, rider string) (string, error) {
	d, err := n.dock(dockID)
	if err != nil {
		return "", err
	}
	if d.Rentable() <= 0 {
		return "", ErrNoBike
	}
	d.Held++
	code := fmt.Sprintf("H%04d", rand.IntN(10000))
	n.holds[code] = &hold{dock: d, rider: rider, expires: n.cfg.Clock().Add(n.cfg.HoldFor)}
	time.AfterFunc(n.cfg.HoldFor, func() { n.lapseHold(d, rider) })
	return code, nil
}

func (n *Network) lapseHold(d *Dock, rider string) {
	if n.cfg.OnHoldLapse != nil {
		n.cfg.OnHoldLapse(d.ID, rider)
	}
	releaseHold(d)
}

func releaseHold(d *Dock) {
	d.Held-- // RACY
}

// loads copies the fill levels of every dock.
func (n *Network) loads() []DockLoad {
	out := make([]DockLoad, 0, len(n.docks))
	for _, d := range n.docks {
		out = append(out, DockLoad{ID: d.ID, Region: d.Region, Bikes: d.Bikes, Capacity: d.Capacity})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

func (n *Network) startRebalance(target float64) {
	loads := n.loads()
	eng, self := n.engine, n.self
	go func() {
		eng.Send(self, planReady{Moves: PlanRebalance(loads, target)})
	}()
}

// nearestWithBike searches every region in parallel and waits for all
// of them before answering.
func (n *Network) nearestWithBike(from Point) NearestReply {
	type result struct {
		id string
		km float64
	}
	regions := make([][]*Dock, 0, len(n.regions))
	for _, docks := range n.regions {
		regions = append(regions, docks)
	}
	results := make([]result, len(regions))
	var wg sync.WaitGroup
	for i, docks := range regions {
		wg.Go(func() {
			best := result{km: -1}
			for _, d := range docks {
				if d.Offline || d.Rentable() <= 0 {
					continue
				}
				if km := DistanceKm(from, d.At); best.km < 0 || km < best.km {
					best = result{id: d.ID, km: km}
				}
			}
			results[i] = best
		})
	}
	wg.Wait()
	var out NearestReply
	out.Km = -1
	for _, r := range results {
		if r.km >= 0 && (out.Km < 0 || r.km < out.Km) {
			out = NearestReply{Dock: r.id, Km: r.km}
		}
	}
	return out
}

func (n *Network) summary() SummaryReply {
	s := SummaryReply{Docks: len(n.docks), OpenTrips: len(n.trips), Plan: n.plan}
	for _, d := range n.docks {
		s.Bikes += d.Bikes
	}
	for _, t := range n.trips {
		if t.Overdue {
			s.Overdue++
		}
	}
	n.tripMinutes.Trim()
	s.MeanMinutes = n.tripMinutes.Mean()
	return s
}
