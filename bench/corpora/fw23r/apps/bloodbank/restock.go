package bloodbank

import (
	"sort"
	"time"

	"example.com/corpus/trial-fw23r/apps/bloodbank/stock"
)

// reorder tops the shelf for t back up to the target level.
func (b *Bank) reorder(t stock.BloodType, c stock.Component) {
	have := b.inv.CountAvailable(t, c, b.now())
	need := b.opts.TargetLevel - have
	if need <= 0 {
		return
	}
	ctx, cancel := b.requestContext()
	defer cancel()
	_ = b.opts.Supplier.Order(ctx, Order{Type: t, Component: c, Units: need})
}

// checkShortage raises alerts for every group that the issued units left
// below the shortage level.
func (b *Bank) checkShortage(issued []stock.Unit) {
	now := b.now()
	alerts := shortageAlerts(b.inv.Levels(now), issued, b.opts.ShortageLevel, now)
	if len(alerts) == 0 {
		return
	}
	sink := b.opts.Alerts
	ctx, cancel := b.requestContext()
	go func() {
		defer cancel()
		for _, a := range alerts {
			_ = sink.Publish(ctx, a)
		}
	}()
}

func shortageAlerts(levels stock.Levels, issued []stock.Unit, threshold int, at time.Time) []Alert {
	seen := make(map[stock.BloodType]bool)
	var out []Alert
	for _, u := range issued {
		if seen[u.Type] || u.Component != stock.RedCells {
			continue
		}
		seen[u.Type] = true
		if n := levels[u.Type]; n < threshold {
			out = append(out, Alert{Type: u.Type, Available: n, Threshold: threshold, At: at})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Type < out[j].Type })
	return out
}
