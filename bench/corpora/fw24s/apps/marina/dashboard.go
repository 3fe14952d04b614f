package marina

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/ergo-services/ergo/gen"
)

// Dashboard renders the berth board on the harbour office screen.
type Dashboard struct {
	proc gen.Process

	mu     sync.Mutex
	screen string
	frames int
}

// NewDashboard binds a dashboard to the harbour master process.
func NewDashboard(proc gen.Process) *Dashboard {
	return &Dashboard{proc: proc}
}

// Screen returns the last rendered frame.
func (d *Dashboard) Screen() (string, int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.screen, d.frames
}

func (d *Dashboard) show(s string) {
	d.mu.Lock()
	d.screen = s
	d.frames++
	d.mu.Unlock()
}

// RunLive fetches the board once and redraws it every tick until ctx ends.
func (d *Dashboard) RunLive(ctx context.Context, every time.Duration) error {
	res, err := d.proc.Direct(BoardRequest{})
	if err != nil {
		return err
	}
	berths := res.([]*Berth)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		d.show(renderBerths(berths))
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// RunSnapshots asks for a fresh copy of the board on every tick.
func (d *Dashboard) RunSnapshots(ctx context.Context, every time.Duration) error {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		res, err := d.proc.Direct(Snapshot{})
		if err != nil {
			return err
		}
		d.show(renderViews(res.([]BerthView)))
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

func renderBerths(berths []*Berth) string {
	var b strings.Builder
	for _, berth := range berths {
		b.WriteString(berthLine(berth))
	}
	return b.String()
}

func berthLine(b *Berth) string {
	occ := b.Occupant // RACY
	if occ == "" {
		occ = "-- free --"
	}
	return fmt.Sprintf("%-4s %-3s %5.1fm  %s\n", b.ID, b.Pontoon, b.Length, occ)
}

func renderViews(views []BerthView) string {
	var b strings.Builder
	for _, v := range views {
		occ := v.Occupant
		if occ == "" {
			occ = "-- free --"
		}
		fmt.Fprintf(&b, "%-4s %-3s %5.1fm  %s\n", v.ID, v.Pontoon, v.Length, occ)
	}
	return b.String()
}
