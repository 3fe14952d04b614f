package robofleet

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/asynkron/protoactor-go/scheduler"

	"example.com/corpus/trial-fw23r/apps/robofleet/telemetry"
)

// ErrDuplicateRobot is returned when a robot registers twice.
var ErrDuplicateRobot = errors.New("robofleet: robot already registered")

// Config tunes the manager.
type Config struct {
	Radio            Radio
	DockBays         int
	MinBattery       int
	MinHealth        int
	HeartbeatTimeout time.Duration
	AckTimeout       time.Duration
	ExportEvery      time.Duration
	Sink             telemetry.Sink
	Clock            func() time.Time
}

func (c *Config) setDefaults() {
	if c.Radio == nil {
		c.Radio = NewSimRadio(0)
	}
	if c.DockBays == 0 {
		c.DockBays = 4
	}
	if c.MinBattery == 0 {
		c.MinBattery = 20
	}
	if c.MinHealth == 0 {
		c.MinHealth = 60
	}
	if c.HeartbeatTimeout == 0 {
		c.HeartbeatTimeout = 30 * time.Second
	}
	if c.AckTimeout == 0 {
		c.AckTimeout = 2 * time.Second
	}
	if c.ExportEvery == 0 {
		c.ExportEvery = 10 * time.Second
	}
	if c.Clock == nil {
		c.Clock = time.Now
	}
}

// Manager is the fleet manager actor.
type Manager struct {
	cfg       Config
	robots    map[string]*Robot
	fleet     []*Robot
	queue     taskQueue
	tasks     map[string]*Task
	seq       int
	completed int
	overdue   int
	stats     *telemetry.Stats
	dock      *actor.PID
	timers    *scheduler.TimerScheduler
	stopFeed  context.CancelFunc
	inflight  atomic.Int64
}

func newManager(cfg Config) *Manager {
	return &Manager{
		cfg:    cfg,
		robots: make(map[string]*Robot),
		tasks:  make(map[string]*Task),
		stats:  telemetry.NewStats(cfg.MinBattery),
	}
}

// Props returns the props for a manager with cfg.
func Props(cfg Config) *actor.Props {
	cfg.setDefaults()
	return actor.PropsFromProducer(func() actor.Actor { return newManager(cfg) })
}

// Start spawns the manager under the name "fleet".
func Start(system *actor.ActorSystem, cfg Config) (*actor.PID, error) {
	return system.Root.SpawnNamed(Props(cfg), "fleet")
}

func (m *Manager) now() time.Time { return m.cfg.Clock() }

// Receive implements actor.Actor.
func (m *Manager) Receive(ctx actor.Context) {
	switch msg := ctx.Message().(type) {
	case *actor.Started:
		m.start(ctx)
	case *actor.Stopping:
		m.stop()
	case RegisterRobot:
		ctx.Respond(registered{Err: m.register(ctx, msg)})
		m.dispatch(ctx)
	case Heartbeat:
		m.heartbeat(ctx, msg)
		m.dispatch(ctx)
	case SubmitTask:
		ctx.Respond(m.submit(ctx, msg))
		m.dispatch(ctx)
	case TaskFinished:
		m.finish(ctx, msg)
		m.dispatch(ctx)
	case ChargeComplete:
		m.charged(ctx, msg)
		m.dispatch(ctx)
	case bayAssigned:
		if r := m.robots[msg.RobotID]; r != nil && r.State == GoingToCharge {
			r.State = Charging
			r.Bay = msg.Bay
		}
	case noBayFree:
		if r := m.robots[msg.RobotID]; r != nil && r.State == GoingToCharge {
			r.State = Idle
		}
	case taskDeadline:
		m.deadline(msg)
	case StatusQuery:
		ctx.Respond(m.status())
	}
}

type registered struct{ Err error }

func (m *Manager) start(ctx actor.Context) {
	m.dock = ctx.Spawn(dockProps(m.cfg.DockBays))
	m.timers = scheduler.NewTimerScheduler(ctx.ActorSystem().Root)
	if m.cfg.Sink != nil {
		feed := telemetry.NewExporter(m.stats, m.cfg.Sink, m.cfg.ExportEvery,
			telemetry.Gauge{Name: "tasks_in_flight", Read: m.inflight.Load})
		c, cancel := context.WithCancel(context.Background())
		m.stopFeed = cancel
		go feed.Run(c)
	}
}

func (m *Manager) stop() {
	if m.stopFeed != nil {
		m.stopFeed()
	}
	for _, r := range m.fleet {
		r.watchdog.Stop()
	}
}

func (m *Manager) register(ctx actor.Context, msg RegisterRobot) error {
	if _, dup := m.robots[msg.ID]; dup {
		return fmt.Errorf("%w: %s", ErrDuplicateRobot, msg.ID)
	}
	now := m.now()
	r := &Robot{
		ID:       msg.ID,
		Model:    msg.Model,
		Pos:      msg.Pos,
		Battery:  msg.Battery,
		Health:   100,
		State:    Idle,
		LastSeen: now,
	}
	r.link = ctx.Spawn(linkProps(r.ID, m.cfg.Radio))
	r.watchdog = time.AfterFunc(m.cfg.HeartbeatTimeout, r.markLost)
	m.robots[r.ID] = r
	m.fleet = append(m.fleet, r)
	m.stats.Observe(r.ID, r.Battery, now)
	return nil
}

func (m *Manager) heartbeat(ctx actor.Context, msg Heartbeat) {
	r := m.robots[msg.RobotID]
	if r == nil {
		return
	}
	now := m.now()
	r.watchdog.Reset(m.cfg.HeartbeatTimeout)
	r.LastSeen = now
	r.Pos = msg.Pos
	r.Battery = msg.Battery
	m.stats.Observe(r.ID, r.Battery, now)

	switch {
	case msg.Fault != "":
		m.stats.Fault()
		r.State = Faulted
		f := ctx.RequestFuture(r.link, diagnose{}, m.cfg.AckTimeout)
		go recordDiagnostics(f, r)
		return
	case r.State == Lost || r.State == Faulted:
		if r.TaskID != "" {
			r.State = EnRoute
		} else {
			r.State = Idle
		}
	}
	if r.State == Idle && r.Battery < m.cfg.MinBattery {
		m.sendToCharge(ctx, r)
	}
}

// recordDiagnostics stores the cell health reported by the robot once the
// radio round trip completes.
func recordDiagnostics(f *actor.Future, r *Robot) {
	res, err := f.Result()
	if err != nil {
		return
	}
	if d, ok := res.(diagnostics); ok {
		r.Health = d.CellHealth // RACY
	}
}

func (m *Manager) sendToCharge(ctx actor.Context, r *Robot) {
	r.State = GoingToCharge
	f := ctx.RequestFuture(m.dock, reserveBay{RobotID: r.ID}, m.cfg.AckTimeout)
	f.PipeTo(ctx.Self())
}

func (m *Manager) charged(ctx actor.Context, msg ChargeComplete) {
	r := m.robots[msg.RobotID]
	if r == nil || r.State != Charging {
		return
	}
	ctx.Send(m.dock, releaseBay{Bay: r.Bay})
	r.Bay = 0
	r.Battery = 100
	r.State = Idle
}

func (m *Manager) submit(ctx actor.Context, msg SubmitTask) string {
	now := m.now()
	m.seq++
	t := &Task{
		ID:        fmt.Sprintf("T%05d", m.seq),
		Kind:      msg.Kind,
		From:      msg.From,
		To:        msg.To,
		Priority:  msg.Priority,
		Submitted: now,
	}
	if msg.Within > 0 {
		t.Deadline = now.Add(msg.Within)
		m.timers.SendOnce(msg.Within, ctx.Self(), taskDeadline{TaskID: t.ID})
	}
	m.tasks[t.ID] = t
	m.queue.push(t)
	return t.ID
}

func (m *Manager) dispatch(ctx actor.Context) {
	for len(m.queue) > 0 {
		t := m.queue[0]
		r := pickRobot(m.fleet, t, m.cfg.MinBattery, m.cfg.MinHealth)
		if r == nil {
			return
		}
		m.queue = m.queue[1:]
		m.assign(ctx, t, r)
	}
}

func (m *Manager) assign(ctx actor.Context, t *Task, r *Robot) {
	t.State = Assigned
	t.Robot = r.ID
	t.Attempts++
	t.AckedAt = time.Time{}
	r.State = EnRoute
	r.TaskID = t.ID
	m.inflight.Add(1)

	f := ctx.RequestFuture(r.link, driveCommand{TaskID: t.ID, From: t.From, To: t.To}, m.cfg.AckTimeout)
	ctx.ReenterAfter(f, func(res interface{}, err error) {
		ack, ok := res.(driveAck)
		if err != nil || !ok || t.State != Assigned || t.Robot != r.ID {
			m.unassign(t, r)
			return
		}
		t.AckedAt = ack.At
	})
}

func (m *Manager) unassign(t *Task, r *Robot) {
	if t.State == Assigned && t.Robot == r.ID {
		t.State = Queued
		t.Robot = ""
		m.queue.push(t)
		m.inflight.Add(-1)
	}
	if r.TaskID == t.ID {
		r.TaskID = ""
		if r.State == EnRoute {
			r.State = Idle
		}
	}
}

func (m *Manager) finish(ctx actor.Context, msg TaskFinished) {
	t := m.tasks[msg.TaskID]
	if t == nil || t.State != Assigned || t.Robot != msg.RobotID {
		return
	}
	t.State = Done
	m.completed++
	m.inflight.Add(-1)
	r := m.robots[msg.RobotID]
	if r == nil {
		return
	}
	r.TaskID = ""
	r.Pos = t.To
	if r.State == EnRoute {
		r.State = Idle
	}
	if r.State == Idle && r.Battery < m.cfg.MinBattery {
		m.sendToCharge(ctx, r)
	}
}

func (m *Manager) deadline(msg taskDeadline) {
	t := m.tasks[msg.TaskID]
	if t == nil || t.State == Done || t.State == Overdue {
		return
	}
	if t.State == Queued {
		m.queue.remove(t.ID)
		t.Priority += 10
		m.queue.push(t)
	}
	m.overdue++
}

func (m *Manager) status() FleetStatus {
	st := FleetStatus{Queued: len(m.queue), Completed: m.completed, Overdue: m.overdue}
	for _, r := range m.fleet {
		st.Robots = append(st.Robots, r.status())
	}
	for _, t := range m.tasks {
		if t.State == Assigned {
			st.Assigned++
			if t.AckedAt.IsZero() {
				st.Unacked++
			}
		}
	}
	return st
}
