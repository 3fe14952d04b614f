// Package workload tears a workflow down on a coordinator the way the race
// proof and the examples need: every region terminates at once, its workers
// refusing the first attempts, while other goroutines keep querying
// statistics, so that retried terminations and queries interleave on the
// coordinator.
package workload

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/confinecheck/confinecheck/runtime/coordinator"
	"github.com/confinecheck/confinecheck/runtime/execution"
)

// A Spec shapes a workflow and its teardown.
type Spec struct {
	Regions          int
	WorkersPerRegion int
	Queued           int // batches queued per worker: the termination attempts each worker refuses
	Queriers         int // goroutines querying statistics until every region has terminated
}

// Stress is the teardown the fixed runtime's race test and the buggy
// coordinator's program run: with a retry delay of a millisecond or two, every
// region retries Queued times while the queriers keep the coordinator's loop
// creating promises and taking sequence numbers, so that every retry
// overlaps with the loop's work.
var Stress = Spec{Regions: 16, WorkersPerRegion: 4, Queued: 3, Queriers: 4}

// Layout names the regions and workers of s, for coordinator.New.
func (s Spec) Layout() []coordinator.Region {
	regions := make([]coordinator.Region, s.Regions)
	for i := range regions {
		regions[i].ID = fmt.Sprintf("region-%d", i+1)
		for j := range s.WorkersPerRegion {
			regions[i].Workers = append(regions[i].Workers, coordinator.WorkerSpec{ID: fmt.Sprintf("worker-%d.%d", i+1, j+1), Queued: s.Queued})
		}
	}
	return regions
}

// A Termination is how the termination of one region ended.
type Termination struct {
	Region string
	Took   time.Duration
	Err    error
}

// A Result is what happened during Run.
type Result struct {
	Terminations []Termination      // in the order of Layout
	Queries      int                // statistics queries answered
	QueryErrs    int                // statistics queries that failed
	Report       coordinator.Report // after every termination and query ended
}

// Run terminates every region of c, laid out by s.Layout, while s.Queriers
// goroutines query statistics. It fails only when ctx is done first, e.g.
// when a lost reply hangs a termination.
func Run(ctx context.Context, c *coordinator.Coordinator, s Spec) (Result, error) {
	var res Result
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	for range s.Queriers {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				_, err := c.Statistics().Await(ctx)
				mu.Lock()
				if err != nil {
					res.QueryErrs++
				} else {
					res.Queries++
				}
				mu.Unlock()
				if ctx.Err() != nil {
					return
				}
			}
		})
	}
	start := time.Now()
	regions := s.Layout()
	done := make([]chan Termination, len(regions))
	for i, r := range regions {
		done[i] = make(chan Termination, 1)
		c.TerminateRegion(r.ID).OnComplete(func(_ struct{}, err error) {
			done[i] <- Termination{Region: r.ID, Took: time.Since(start), Err: err}
		})
	}
	terminations, err := collect(ctx, regions, done)
	res.Terminations = terminations
	close(stop)
	wg.Wait()
	if err != nil {
		return res, err
	}
	res.Report, err = c.Report().Await(ctx)
	return res, err
}

// collect waits for the termination of each region, in order.
func collect(ctx context.Context, regions []coordinator.Region, done []chan Termination) ([]Termination, error) {
	var out []Termination
	for i, r := range regions {
		select {
		case t := <-done[i]:
			out = append(out, t)
		case <-ctx.Done():
			return out, fmt.Errorf("workload: region %s did not terminate: %w", r.ID, ctx.Err())
		}
	}
	return out, nil
}

// Print writes what happened: how each region's termination ended, how many
// queries ran meanwhile, and the state the coordinator was left in.
func (r Result) Print(w io.Writer) {
	for _, t := range r.Terminations {
		outcome := "terminated"
		if t.Err != nil {
			outcome = "failed: " + t.Err.Error()
		}
		fmt.Fprintf(w, "%s %s after %v\n", t.Region, outcome, t.Took.Round(time.Millisecond))
	}
	fmt.Fprintf(w, "%d statistics queries answered meanwhile, %d failed\n", r.Queries, r.QueryErrs)
	counts := make(map[execution.WorkerState]int)
	for _, s := range r.Report.States {
		counts[s]++
	}
	for _, s := range slices.Sorted(maps.Keys(counts)) {
		fmt.Fprintf(w, "workers %v: %d\n", s, counts[s])
	}
	fmt.Fprintf(w, "unfulfilled promises: %d, control messages out of sequence: %d\n", r.Report.Unfulfilled, r.Report.OutOfOrder)
}
