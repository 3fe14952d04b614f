package greenhouse

import (
	"errors"
	"fmt"
	"sort"
	"time"
)

var (
	ErrUnknownZone = errors.New("greenhouse: unknown zone")
	ErrStopped     = errors.New("greenhouse: controller stopped")
)

// Config is the controller's fixed configuration.
type Config struct {
	Site           string
	Zones          []ZoneConfig
	ControlEvery   time.Duration
	StaleAfter     time.Duration
	AlarmRetention time.Duration
	HistoryLen     int
}

// Option adjusts a Config.
type Option func(*Config)

// WithControlEvery sets the control period.
func WithControlEvery(d time.Duration) Option { return func(c *Config) { c.ControlEvery = d } }

// WithStaleAfter enables the sensor watchdog: a zone whose sensors stay
// silent for longer than d raises an alarm.
func WithStaleAfter(d time.Duration) Option { return func(c *Config) { c.StaleAfter = d } }

// WithHistory sets how many temperature samples are kept per zone.
func WithHistory(n int) Option { return func(c *Config) { c.HistoryLen = n } }

// Alarm is raised when a zone leaves its safe envelope.
type Alarm struct {
	Zone   string    `json:"zone"`
	Reason string    `json:"reason"`
	At     time.Time `json:"at"`
}

type setpointReq struct {
	zone  string
	value float64
	reply chan error
}

type boostReq struct {
	zone  string
	until time.Time
	reply chan error
}

type historyReq struct {
	zone  string
	reply chan historyReply
}

type historyReply struct {
	setpoint float64
	window   []float64
	err      error
}

// Controller runs the climate control loop.
type Controller struct {
	cfg   Config
	names []string
	bus   *Bus
	log   *EventLog

	readings  chan Reading
	setpoints chan setpointReq
	boosts    chan boostReq
	histories chan historyReq
	snapshots chan chan []ZoneStatus
	quit      chan struct{}
	done      chan struct{}
	unsub     []func()

	zones  map[string]*zone
	alarms []Alarm
	cycles int
}

// New validates cfg and builds a controller listening on bus.
func New(bus *Bus, zones []ZoneConfig, opts ...Option) (*Controller, error) {
	cfg := Config{
		Site:           "main house",
		Zones:          zones,
		ControlEvery:   time.Second,
		AlarmRetention: time.Hour,
		HistoryLen:     60,
	}
	for _, o := range opts {
		o(&cfg)
	}
	c := &Controller{
		cfg:       cfg,
		bus:       bus,
		log:       NewEventLog(500),
		readings:  make(chan Reading, 64),
		setpoints: make(chan setpointReq),
		boosts:    make(chan boostReq),
		histories: make(chan historyReq),
		snapshots: make(chan chan []ZoneStatus),
		quit:      make(chan struct{}),
		done:      make(chan struct{}),
		zones:     make(map[string]*zone),
	}
	for _, zc := range zones {
		if err := zc.validate(); err != nil {
			return nil, err
		}
		if _, dup := c.zones[zc.Name]; dup {
			return nil, fmt.Errorf("greenhouse: duplicate zone %s", zc.Name)
		}
		c.zones[zc.Name] = newZone(zc, cfg.HistoryLen)
		c.names = append(c.names, zc.Name)
	}
	sort.Strings(c.names)
	return c, nil
}

// Start subscribes to the sensor bus and starts the control loop.
func (c *Controller) Start() {
	if c.bus != nil {
		c.unsub = append(c.unsub, c.bus.Subscribe(c.forward))
		if c.cfg.StaleAfter > 0 {
			c.unsub = append(c.unsub, c.bus.Subscribe(c.heartbeat))
		}
	}
	go c.run()
}

// Stop stops the control loop.
func (c *Controller) Stop() {
	for _, u := range c.unsub {
		u()
	}
	close(c.quit)
	<-c.done
}

// Log returns the operator log.
func (c *Controller) Log() *EventLog { return c.log }

func (c *Controller) forward(r Reading) {
	select {
	case c.readings <- r:
	case <-c.quit:
	}
}

func (c *Controller) heartbeat(r Reading) {
	if z, ok := c.zones[r.Zone]; ok {
		z.markSeen(r.At)
	}
}

func (c *Controller) run() {
	defer close(c.done)
	t := time.NewTicker(c.cfg.ControlEvery)
	defer t.Stop()
	for {
		select {
		case r := <-c.readings:
			if z, ok := c.zones[r.Zone]; ok {
				z.record(r)
			}
		case req := <-c.setpoints:
			req.reply <- c.setSetpoint(req.zone, req.value)
		case req := <-c.boosts:
			req.reply <- c.boost(req.zone, req.until)
		case req := <-c.histories:
			req.reply <- c.history(req.zone)
		case reply := <-c.snapshots:
			reply <- c.snapshot()
		case now := <-t.C:
			c.control(now)
		case <-c.quit:
			return
		}
	}
}

func (c *Controller) control(now time.Time) {
	c.cycles++
	for _, name := range c.names {
		z := c.zones[name]
		if c.cfg.StaleAfter > 0 && z.stale(now, c.cfg.StaleAfter) {
			c.raise(z, "sensor silent", now)
			continue
		}
		if z.haveTemp && z.temp > z.cfg.MaxTemp {
			c.raise(z, fmt.Sprintf("temperature %.1f above %.1f", z.temp, z.cfg.MaxTemp), now)
		}
		if next := z.decide(now); z.apply(next) {
			c.log.Addf(name, "heater=%t vent=%t mister=%t", next.Heater, next.Vent, next.Mister)
		}
	}
	c.alarms = pruneAlarms(c.alarms, now.Add(-c.cfg.AlarmRetention))
}

func (c *Controller) raise(z *zone, reason string, now time.Time) {
	for i := len(c.alarms) - 1; i >= 0; i-- {
		a := c.alarms[i]
		if a.Zone == z.cfg.Name && a.Reason == reason {
			return
		}
	}
	c.alarms = append(c.alarms, Alarm{Zone: z.cfg.Name, Reason: reason, At: now})
	c.log.Addf(z.cfg.Name, "ALARM %s", reason)
}

func pruneAlarms(alarms []Alarm, cutoff time.Time) []Alarm {
	kept := alarms[:0]
	for _, a := range alarms {
		if a.At.After(cutoff) {
			kept = append(kept, a)
		}
	}
	return kept
}

func (c *Controller) setSetpoint(name string, v float64) error {
	z, ok := c.zones[name]
	if !ok {
		return ErrUnknownZone
	}
	if v >= z.cfg.MaxTemp {
		return fmt.Errorf("greenhouse: setpoint %.1f not below max %.1f", v, z.cfg.MaxTemp)
	}
	z.setpoint = v
	c.log.Addf(name, "setpoint %.1f", v)
	return nil
}

func (c *Controller) boost(name string, until time.Time) error {
	z, ok := c.zones[name]
	if !ok {
		return ErrUnknownZone
	}
	z.boostUntil = until
	return nil
}

func (c *Controller) history(name string) historyReply {
	z, ok := c.zones[name]
	if !ok {
		return historyReply{err: ErrUnknownZone}
	}
	return historyReply{setpoint: z.setpoint, window: z.history.Window()}
}

func (c *Controller) snapshot() []ZoneStatus {
	out := make([]ZoneStatus, 0, len(c.names))
	for _, name := range c.names {
		out = append(out, c.zones[name].status())
	}
	return out
}

// Ingest feeds a reading straight into the loop.
func (c *Controller) Ingest(r Reading) error {
	select {
	case c.readings <- r:
		return nil
	case <-c.quit:
		return ErrStopped
	}
}

// SetSetpoint changes a zone's target temperature.
func (c *Controller) SetSetpoint(zone string, v float64) error {
	req := setpointReq{zone: zone, value: v, reply: make(chan error, 1)}
	select {
	case c.setpoints <- req:
		return <-req.reply
	case <-c.quit:
		return ErrStopped
	}
}

// Boost forces a zone's vents open for d.
func (c *Controller) Boost(zone string, d time.Duration) error {
	req := boostReq{zone: zone, until: time.Now().Add(d), reply: make(chan error, 1)}
	select {
	case c.boosts <- req:
		return <-req.reply
	case <-c.quit:
		return ErrStopped
	}
}

// Snapshot returns a copy of every zone's state.
func (c *Controller) Snapshot() []ZoneStatus {
	reply := make(chan []ZoneStatus, 1)
	select {
	case c.snapshots <- reply:
		return <-reply
	case <-c.quit:
		return nil
	}
}

// Summary reports the temperature trend of a zone.
func (c *Controller) Summary(zone string) (ZoneSummary, error) {
	req := historyReq{zone: zone, reply: make(chan historyReply, 1)}
	select {
	case c.histories <- req:
	case <-c.quit:
		return ZoneSummary{}, ErrStopped
	}
	h := <-req.reply
	if h.err != nil {
		return ZoneSummary{}, h.err
	}
	return summarize(zone, h.setpoint, h.window), nil
}

// StartMisting runs cycles of on/off misting for a zone, each phase lasting
// every.
func (c *Controller) StartMisting(zone string, cycles int, every time.Duration) error {
	z, ok := c.zones[zone]
	if !ok {
		return ErrUnknownZone
	}
	go c.mistCycle(z, cycles, every)
	return nil
}

func (c *Controller) mistCycle(z *zone, cycles int, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for i := 0; i < 2*cycles; i++ {
		select {
		case <-t.C:
		case <-c.quit:
			return
		}
		z.setMister(i%2 == 0)
	}
	z.setMister(false)
}

// Cycles returns how many control cycles have run.
func (c *Controller) Cycles() int {
	return c.cycles // RACY
}
