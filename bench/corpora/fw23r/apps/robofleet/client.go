package robofleet

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/asynkron/protoactor-go/actor"
)

// SimRadio stands in for the radio gateway on the test floor.
type SimRadio struct {
	latency time.Duration
	health  map[string]int
}

// NewSimRadio returns a radio with a fixed round-trip latency.
func NewSimRadio(latency time.Duration) *SimRadio {
	return &SimRadio{latency: latency, health: make(map[string]int)}
}

// WithCellHealth makes robot id report the given cell health.
func (s *SimRadio) WithCellHealth(id string, health int) *SimRadio {
	s.health[id] = health
	return s
}

// Drive implements Radio.
func (s *SimRadio) Drive(robotID string, from, to Coord) error {
	time.Sleep(s.latency)
	return nil
}

// Diagnose implements Radio.
func (s *SimRadio) Diagnose(robotID string) (int, []string, error) {
	time.Sleep(s.latency)
	if h, ok := s.health[robotID]; ok {
		return h, []string{"CELL_DEGRADED"}, nil
	}
	return 100, nil, nil
}

// Client is a typed front end for the manager.
type Client struct {
	root    *actor.RootContext
	pid     *actor.PID
	timeout time.Duration
}

// NewClient talks to the manager at pid.
func NewClient(system *actor.ActorSystem, pid *actor.PID) *Client {
	return &Client{root: system.Root, pid: pid, timeout: 2 * time.Second}
}

func (c *Client) ask(msg interface{}) (interface{}, error) {
	return c.root.RequestFuture(c.pid, msg, c.timeout).Result()
}

// Register adds a robot.
func (c *Client) Register(r RegisterRobot) error {
	v, err := c.ask(r)
	if err != nil {
		return err
	}
	return v.(registered).Err
}

// Heartbeat forwards a robot heartbeat without waiting.
func (c *Client) Heartbeat(h Heartbeat) { c.root.Send(c.pid, h) }

// Finished reports a completed task without waiting.
func (c *Client) Finished(taskID, robotID string) {
	c.root.Send(c.pid, TaskFinished{TaskID: taskID, RobotID: robotID})
}

// ChargeComplete reports a robot as fully charged without waiting.
func (c *Client) ChargeComplete(robotID string) {
	c.root.Send(c.pid, ChargeComplete{RobotID: robotID})
}

// Submit queues a task and returns its ID.
func (c *Client) Submit(t SubmitTask) (string, error) {
	v, err := c.ask(t)
	if err != nil {
		return "", err
	}
	return v.(string), nil
}

// Status fetches a FleetStatus.
func (c *Client) Status() (FleetStatus, error) {
	v, err := c.ask(StatusQuery{})
	if err != nil {
		return FleetStatus{}, err
	}
	return v.(FleetStatus), nil
}

// WaitFor polls Status until cond holds.
func (c *Client) WaitFor(timeout time.Duration, cond func(FleetStatus) bool) (FleetStatus, error) {
	deadline := time.Now().Add(timeout)
	for {
		st, err := c.Status()
		if err != nil {
			return st, err
		}
		if cond(st) {
			return st, nil
		}
		if time.Now().After(deadline) {
			return st, errors.New("robofleet: condition not met before timeout")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// Poller keeps the latest FleetStatus for the floor supervisor's console,
// which renders on its own schedule.
type Poller struct {
	client *Client
	every  time.Duration

	mu     sync.Mutex
	latest FleetStatus
	at     time.Time
	err    error
}

// NewPoller polls c every interval.
func NewPoller(c *Client, every time.Duration) *Poller {
	return &Poller{client: c, every: every}
}

// Run polls until ctx is done.
func (p *Poller) Run(ctx context.Context) {
	t := time.NewTicker(p.every)
	defer t.Stop()
	for {
		st, err := p.client.Status()
		p.mu.Lock()
		if err == nil {
			p.latest, p.at = st, time.Now()
		}
		p.err = err
		p.mu.Unlock()
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Latest returns the last status fetched.
func (p *Poller) Latest() (FleetStatus, time.Time, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.latest, p.at, p.err
}

// Summary renders a one-line summary for the console header.
func (p *Poller) Summary() string {
	st, at, err := p.Latest()
	if err != nil {
		return "fleet: unreachable (" + err.Error() + ")"
	}
	idle := 0
	for _, r := range st.Robots {
		if r.State == Idle {
			idle++
		}
	}
	return fmt.Sprintf("fleet @%s: %d robots (%d idle), %d queued, %d assigned, %d done",
		at.Format("15:04:05"), len(st.Robots), idle, st.Queued, st.Assigned, st.Completed)
}
