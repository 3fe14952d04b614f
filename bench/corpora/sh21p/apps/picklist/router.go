// Package picklist routes warehouse orders to pickers. Orders are grouped by
// floor zone, prioritised by urgency and due time, and handed out in
// batches with a walking route through the bins.
package picklist

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"example.com/corpus/trial-sh21p/internal/loop"
)

// Stats counts router activity.
type Stats struct {
	Received  int `json:"received"`
	Routed    int `json:"routed"`
	Completed int `json:"completed"`
	Replanned int `json:"replanned"`
	Reminders int `json:"reminders"`
	Rezoned   int `json:"rezoned"`
}

// Picker is a person working one zone of the floor.
type Picker struct {
	ID       string
	Zone     string
	Capacity int
	Load     int
	Active   []string
}

// Batch is a set of orders handed to one picker.
type Batch struct {
	Picker   string   `json:"picker"`
	Orders   []string `json:"orders"`
	Stops    []Bin    `json:"stops"`
	Distance int      `json:"distance"`
	// Saved is how much shorter the combined walk is than walking each
	// order separately.
	Saved int `json:"saved"`
}

// Option configures a Router.
type Option func(*Router)

// WithSLA sets how long an order may wait before it is escalated to urgent.
func WithSLA(d time.Duration) Option { return func(r *Router) { r.sla = d } }

// WithReminder sets how long after receipt the floor lead is reminded of an
// order that has not been picked yet.
func WithReminder(d time.Duration) Option { return func(r *Router) { r.remind = d } }

// WithPlanWorkers sets the number of route-planning workers.
func WithPlanWorkers(n int) Option { return func(r *Router) { r.workers = n } }

// WithClock sets the time source.
func WithClock(now func() time.Time) Option { return func(r *Router) { r.now = now } }

// WithRebalance moves orders out of zones with no pickers at this interval.
func WithRebalance(every time.Duration) Option { return func(r *Router) { r.rebalanceEvery = every } }

// WithEscalationHook is called with the order ID when an order escalates.
func WithEscalationHook(fn func(orderID string)) Option {
	return func(r *Router) { r.onEscalate = fn }
}

// WithReminderHook is called with a snapshot of an order that is still
// waiting when its reminder is due.
func WithReminderHook(fn func(OrderView)) Option {
	return func(r *Router) { r.onRemind = fn }
}

// Router assigns orders to pickers.
type Router struct {
	layout         Layout
	sla            time.Duration
	remind         time.Duration
	workers        int
	now            func() time.Time
	rebalanceEvery time.Duration
	onEscalate     func(string)
	onRemind       func(OrderView)

	loop          *loop.Loop
	planner       *Planner
	stopRebalance func()

	orders  map[string]*Order
	pickers map[string]*Picker
	queue   []*Order
	stats   Stats
}

// New builds a router for layout.
func New(layout Layout, opts ...Option) *Router {
	r := &Router{
		layout:  layout,
		sla:     10 * time.Minute,
		workers: 4,
		now:     time.Now,
		orders:  make(map[string]*Order),
		pickers: make(map[string]*Picker),
	}
	for _, opt := range opts {
		opt(r)
	}
	r.loop = loop.New(loop.WithName("picklist"))
	r.planner = NewPlanner(layout, r.workers)
	return r
}

// Start runs the router loop.
func (r *Router) Start() {
	r.loop.Start()
	if r.rebalanceEvery > 0 {
		r.stopRebalance = r.loop.OnTick(r.rebalanceEvery, r.rebalance)
	}
}

// Stop shuts down the loop and the planners.
func (r *Router) Stop() {
	if r.stopRebalance != nil {
		r.stopRebalance()
	}
	r.loop.Do(func() {
		for _, o := range r.orders {
			o.stopTimers()
		}
	})
	r.loop.Stop()
	r.planner.Close()
}

// AddPicker registers a picker for zone.
func (r *Router) AddPicker(id, zone string, capacity int) error {
	if _, ok := r.layout.Zones[zone]; !ok {
		return fmt.Errorf("picklist: unknown zone %q", zone)
	}
	if capacity <= 0 {
		return fmt.Errorf("picklist: picker %s: capacity %d", id, capacity)
	}
	return r.loop.Do(func() {
		if p, ok := r.pickers[id]; ok {
			p.Zone, p.Capacity = zone, capacity
			return
		}
		r.pickers[id] = &Picker{ID: id, Zone: zone, Capacity: capacity}
	})
}

// Submit queues an order for routing. It returns once the order has been
// validated; routing happens asynchronously.
func (r *Router) Submit(in OrderInput) error {
	if err := in.Validate(); err != nil {
		return err
	}
	if !r.loop.Post(func() { r.accept(in) }) {
		return loop.ErrStopped
	}
	return nil
}

// Replan refreshes the walking estimate of a queued order, for example
// after stock was moved to another bin.
func (r *Router) Replan(orderID string) error {
	if !r.loop.Post(func() { r.replan(orderID) }) {
		return loop.ErrStopped
	}
	return nil
}

// Complete marks an order as picked and frees the picker's slot.
func (r *Router) Complete(orderID string) error {
	if !r.loop.Post(func() { r.complete(orderID) }) {
		return loop.ErrStopped
	}
	return nil
}

// NextBatch hands the picker as many queued orders from their zone as they
// have room for.
func (r *Router) NextBatch(pickerID string) (Batch, error) {
	type result struct {
		b   Batch
		err error
	}
	res, err := loop.Call(r.loop, func() result {
		b, err := r.nextBatch(pickerID)
		return result{b, err}
	})
	if err != nil {
		return Batch{}, err
	}
	return res.b, res.err
}

// Order returns a snapshot of one order.
func (r *Router) Order(id string) (OrderView, error) {
	type result struct {
		v  OrderView
		ok bool
	}
	res, err := loop.Call(r.loop, func() result {
		o, ok := r.orders[id]
		if !ok {
			return result{}
		}
		return result{o.view(), true}
	})
	if err != nil {
		return OrderView{}, err
	}
	if !res.ok {
		return OrderView{}, ErrUnknownOrder
	}
	return res.v, nil
}

// Pickers returns the registered pickers sorted by ID.
func (r *Router) Pickers() ([]*Picker, error) {
	return loop.Call(r.loop, func() []*Picker {
		out := make([]*Picker, 0, len(r.pickers))
		for _, p := range r.pickers {
			out = append(out, p)
		}
		slices.SortFunc(out, func(a, b *Picker) int { return cmp.Compare(a.ID, b.ID) })
		return out
	})
}

// Stats returns the router counters.
func (r *Router) Stats() (Stats, error) {
	return loop.Call(r.loop, r.currentStats)
}

func (r *Router) currentStats() Stats {
	return r.stats
}

// backlog is the number of orders waiting for a picker.
func (r *Router) backlog() int {
	return len(r.queue) // RACY
}

// QueueDepth returns the number of queued orders per zone.
func (r *Router) QueueDepth() (map[string]int, error) {
	return loop.Call(r.loop, func() map[string]int {
		depth := make(map[string]int, len(r.layout.Zones))
		for _, o := range r.queue {
			depth[o.Zone]++
		}
		return depth
	})
}

func (r *Router) accept(in OrderInput) {
	if _, dup := r.orders[in.ID]; dup {
		return
	}
	o := newOrder(in, r.layout, r.now())
	r.orders[o.ID] = o
	r.queue = append(r.queue, o)
	r.stats.Received++
	r.armTimers(o)
	r.requestPlan(o)
}

func (r *Router) requestPlan(o *Order) {
	lines := append([]Line(nil), o.Lines...)
	err := r.planner.Plan(lines, func(p *Plan) {
		r.loop.Post(func() { r.setWalk(o, p.Distance) })
	})
	if err != nil {
		// Estimates are best effort; batches are routed when they are formed.
		return
	}
}

func (r *Router) replan(id string) {
	o, ok := r.orders[id]
	if !ok || o.State != StateQueued {
		return
	}
	r.stats.Replanned++
	_ = r.planner.Plan(o.Lines, func(p *Plan) { r.setWalk(o, p.Distance) })
}

// setWalk records the estimated walking distance of an order.
func (r *Router) setWalk(o *Order, bays int) {
	o.Walk = bays // RACY
}

func (r *Router) complete(id string) {
	o, ok := r.orders[id]
	if !ok || o.State == StateDone {
		return
	}
	if o.State == StateQueued {
		r.dequeue(o)
	}
	o.State = StateDone
	o.stopTimers()
	if p, ok := r.pickers[o.Picker]; ok {
		p.Load--
		p.Active = slices.DeleteFunc(p.Active, func(id string) bool { return id == o.ID })
	}
	r.stats.Completed++
}

func (r *Router) dequeue(o *Order) {
	r.queue = slices.DeleteFunc(r.queue, func(q *Order) bool { return q == o })
}

type candidate struct {
	o     *Order
	score int64
}

// pending returns the queued orders in zone, best first.
func (r *Router) pending(zone string) []*Order {
	now := r.now()
	var cands []candidate
	for _, o := range r.queue {
		if o.Zone == zone {
			cands = append(cands, candidate{o, r.score(o, now)})
		}
	}
	slices.SortStableFunc(cands, func(a, b candidate) int { return cmp.Compare(b.score, a.score) })
	out := make([]*Order, len(cands))
	for i, c := range cands {
		out[i] = c.o
	}
	return out
}

// score ranks an order: priority dominates, then lateness, then age.
func (r *Router) score(o *Order, now time.Time) int64 {
	s := int64(o.Priority) * 1_000_000
	if !o.Due.IsZero() {
		late := now.Sub(o.Due) / time.Minute
		s += int64(max(min(late, 999), -999)) * 1_000
	}
	s += int64(now.Sub(o.Received) / time.Second % 1_000)
	return s
}

func (r *Router) nextBatch(pickerID string) (Batch, error) {
	p, ok := r.pickers[pickerID]
	if !ok {
		return Batch{}, ErrUnknownPicker
	}
	free := p.Capacity - p.Load
	if free <= 0 {
		return Batch{}, ErrPickerFull
	}
	taken := r.pending(p.Zone)
	if len(taken) > free {
		taken = taken[:free]
	}
	b := Batch{Picker: p.ID}
	estimate := 0
	for _, o := range taken {
		estimate += o.Walk
		r.dequeue(o)
		o.stopTimers()
		o.State = StatePicking
		o.Picker = p.ID
		p.Load++
		p.Active = append(p.Active, o.ID)
		r.stats.Routed++
		b.Orders = append(b.Orders, o.ID)
	}
	plan := r.mergeRoute(taken)
	b.Stops = plan.Stops
	b.Distance = plan.Distance
	b.Saved = max(estimate-plan.Distance, 0)
	return b, nil
}

// mergeRoute plans one walk through the bins of several orders.
func (r *Router) mergeRoute(orders []*Order) *Plan {
	var lines []Line
	for _, o := range orders {
		lines = append(lines, o.Lines...)
	}
	return r.planner.route(binsOf(lines))
}

// rebalance moves queued orders out of zones that nobody is working into
// the staffed zone with the most free capacity.
func (r *Router) rebalance() {
	free := make(map[string]int)
	for _, p := range r.pickers {
		free[p.Zone] += p.Capacity - p.Load
	}
	target, best := "", 0
	for _, z := range r.layout.zoneNames() {
		if free[z] > best {
			target, best = z, free[z]
		}
	}
	if target == "" {
		return
	}
	for _, o := range r.queue {
		if _, staffed := free[o.Zone]; !staffed {
			o.Zone = target
			r.stats.Rezoned++
		}
	}
}
