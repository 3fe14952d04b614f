package weather

import (
	"context"
	"slices"
	"time"

	"golang.org/x/sync/errgroup"
)

// refresh fetches every city in the background. Results arrive on
// d.updates and are applied by drain.
func (d *Dashboard) refresh() {
	if d.inflight > 0 {
		return
	}
	cities := slices.Clone(d.cities)
	d.inflight = len(cities)
	d.wg.Add(1)
	go func() {
		defer d.wg.Done()
		d.fetchAll(d.ctx, cities)
	}()
}

func (d *Dashboard) fetchAll(ctx context.Context, cities []string) {
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(d.parallel)
	for _, city := range cities {
		g.Go(func() error {
			d.fetches.Add(1)
			r, err := d.provider.Current(ctx, city)
			if err == nil && r.ObservedAt.IsZero() {
				r.ObservedAt = time.Now()
			}
			if err == nil {
				r.City = city
			}
			select {
			case d.updates <- update{city: city, reading: r, err: err}:
			case <-ctx.Done():
				return ctx.Err()
			}
			d.window.Invalidate()
			return nil
		})
	}
	_ = g.Wait()
}

func (d *Dashboard) backfillSelected() { d.backfill(d.selectedCity()) }

// backfill loads history for city page by page, so the sparkline is not
// empty right after start.
func (d *Dashboard) backfill(city string) {
	trend := d.trendFor(city)
	to := time.Now().Truncate(time.Hour)
	if last, ok := trend.Last(); ok {
		to = last.At
	}
	from := to.Add(-time.Duration(d.historyHours) * time.Hour)
	d.wg.Add(1)
	go func() {
		defer d.wg.Done()
		for end := to; end.After(from); end = end.Add(-historyPage) {
			start := end.Add(-historyPage)
			if start.Before(from) {
				start = from
			}
			pts, err := d.provider.History(d.ctx, city, start, end)
			if err != nil {
				d.log.Add(time.Now(), city+": history: "+err.Error())
				return
			}
			if len(pts) == 0 {
				return
			}
			trend.Merge(pts)
			d.window.Invalidate()
		}
	}()
}

// historyPage is how much history one provider request covers.
const historyPage = 6 * time.Hour

// armStaleness tells the watchdog when the data shown now goes stale.
func (d *Dashboard) armStaleness(now time.Time) {
	deadline := now.Add(d.staleAfter)
	for {
		select {
		case d.deadlines <- deadline:
			return
		default:
		}
		select {
		case <-d.deadlines:
		default:
		}
	}
}

// watchStaleness runs for the lifetime of the window and flags the data as
// stale once its deadline passes without a newer refresh.
func (d *Dashboard) watchStaleness(ctx context.Context) {
	tick := time.NewTicker(d.staleCheck)
	defer tick.Stop()
	var deadline time.Time
	for {
		select {
		case <-ctx.Done():
			return
		case deadline = <-d.deadlines:
		case now := <-tick.C:
			if !deadline.IsZero() && now.After(deadline) {
				d.stale = true // RACY
				deadline = time.Time{}
			}
		}
	}
}
