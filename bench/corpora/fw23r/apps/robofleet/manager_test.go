package robofleet

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"example.com/corpus/trial-fw23r/apps/robofleet/telemetry"
)

func startFleet(t *testing.T, cfg Config) *Client {
	t.Helper()
	system := actor.NewActorSystem(actor.WithLoggerFactory(func(*actor.ActorSystem) *slog.Logger {
		return slog.New(slog.DiscardHandler)
	}))
	pid, err := Start(system, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = system.Root.StopFuture(pid).Wait()
		system.Shutdown()
	})
	return NewClient(system, pid)
}

func mustRegister(t *testing.T, c *Client, id string, pos Coord, battery int) {
	t.Helper()
	if err := c.Register(RegisterRobot{ID: id, Model: "AMR-300", Pos: pos, Battery: battery}); err != nil {
		t.Fatal(err)
	}
}

func TestDispatchAssignsNearestRobot(t *testing.T) {
	c := startFleet(t, Config{Radio: NewSimRadio(time.Millisecond)})
	mustRegister(t, c, "r1", Coord{X: 40, Y: 5}, 90)
	mustRegister(t, c, "r2", Coord{X: 3, Y: 4}, 90)

	id, err := c.Submit(SubmitTask{Kind: Pick, From: Coord{X: 2, Y: 8}, To: Coord{X: 10, Y: 0}})
	if err != nil {
		t.Fatal(err)
	}
	st, err := c.WaitFor(2*time.Second, func(s FleetStatus) bool { return s.Assigned == 1 && s.Unacked == 0 })
	if err != nil {
		t.Fatalf("%v: %+v", err, st)
	}
	if r, _ := st.Robot("r2"); r.TaskID != id || r.State != EnRoute {
		t.Fatalf("r2 = %+v", r)
	}
	c.Finished(id, "r2")
	st, err = c.WaitFor(2*time.Second, func(s FleetStatus) bool { return s.Completed == 1 })
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := st.Robot("r2"); r.State != Idle || r.Pos != (Coord{X: 10, Y: 0}) {
		t.Fatalf("r2 after finishing = %+v", r)
	}
}

func TestLowBatteryRobotGoesToCharge(t *testing.T) {
	c := startFleet(t, Config{DockBays: 1})
	mustRegister(t, c, "r1", Coord{X: 1, Y: 1}, 80)
	c.Heartbeat(Heartbeat{RobotID: "r1", Pos: Coord{X: 1, Y: 2}, Battery: 12})

	st, err := c.WaitFor(2*time.Second, func(s FleetStatus) bool {
		r, _ := s.Robot("r1")
		return r.State == Charging
	})
	if err != nil {
		t.Fatalf("%v: %+v", err, st)
	}
	if r, _ := st.Robot("r1"); r.Bay != 1 {
		t.Fatalf("bay = %d", r.Bay)
	}
	c.ChargeComplete("r1")
	if _, err := c.WaitFor(2*time.Second, func(s FleetStatus) bool {
		r, _ := s.Robot("r1")
		return r.State == Idle && r.Battery == 100 && r.Bay == 0
	}); err != nil {
		t.Fatal(err)
	}
}

func TestOverdueTaskIsEscalated(t *testing.T) {
	c := startFleet(t, Config{})
	if _, err := c.Submit(SubmitTask{Kind: PutAway, From: Coord{X: 1}, To: Coord{Y: 1}, Within: 10 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Submit(SubmitTask{Kind: PutAway, From: Coord{X: 2}, To: Coord{Y: 2}, Priority: 5}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.WaitFor(2*time.Second, func(s FleetStatus) bool { return s.Overdue == 1 && s.Queued == 2 }); err != nil {
		t.Fatal(err)
	}
}

func TestPollerSummary(t *testing.T) {
	c := startFleet(t, Config{})
	mustRegister(t, c, "r1", Coord{}, 70)
	mustRegister(t, c, "r2", Coord{X: 4}, 70)

	p := NewPoller(c, 5*time.Millisecond)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		p.Run(ctx)
	}()
	deadline := time.Now().Add(2 * time.Second)
	for !strings.Contains(p.Summary(), "2 robots (2 idle)") {
		if time.Now().After(deadline) {
			t.Fatalf("summary = %q", p.Summary())
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	<-done
}

func TestFaultTriggersDiagnostics(t *testing.T) {
	radio := NewSimRadio(2*time.Millisecond).WithCellHealth("r7", 41)
	c := startFleet(t, Config{Radio: radio})
	mustRegister(t, c, "r7", Coord{X: 9, Y: 9}, 75)
	c.Heartbeat(Heartbeat{RobotID: "r7", Pos: Coord{X: 9, Y: 9}, Battery: 74, Fault: "E_MOTOR_STALL"})

	time.Sleep(60 * time.Millisecond)
	st, err := c.WaitFor(2*time.Second, func(s FleetStatus) bool {
		r, _ := s.Robot("r7")
		return r.Health != 100
	})
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := st.Robot("r7"); r.State != Faulted || r.Health != 41 {
		t.Fatalf("r7 = %+v", r)
	}
}

func TestSilentRobotIsMarkedLost(t *testing.T) {
	c := startFleet(t, Config{HeartbeatTimeout: 20 * time.Millisecond})
	mustRegister(t, c, "r3", Coord{X: 1, Y: 1}, 60)

	time.Sleep(60 * time.Millisecond)
	if _, err := c.WaitFor(2*time.Second, func(s FleetStatus) bool {
		r, _ := s.Robot("r3")
		return r.State == Lost
	}); err != nil {
		t.Fatal(err)
	}
}

func TestTelemetryIsExported(t *testing.T) {
	sink := &telemetry.MemorySink{}
	c := startFleet(t, Config{Sink: sink, ExportEvery: 5 * time.Millisecond})
	mustRegister(t, c, "r1", Coord{}, 90)

	for i := 0; i < 10; i++ {
		c.Heartbeat(Heartbeat{RobotID: "r1", Pos: Coord{X: i}, Battery: 90 - i})
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(20 * time.Millisecond)
	reports := sink.Reports()
	if len(reports) == 0 {
		t.Fatal("nothing exported")
	}
	if last := reports[len(reports)-1]; last.Totals.Samples == 0 {
		t.Fatalf("last report = %+v", last)
	}
}
