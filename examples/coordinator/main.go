// Command coordinator runs a small workflow teardown on the fixed runtime:
// every worker refuses the first termination attempt, so each region is
// retried after a delay, while two goroutines keep querying statistics. It
// prints the retries, the terminations and the final state of every worker.
//
//	go run ./examples/coordinator
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"sort"
	"time"

	"github.com/confinecheck/confinecheck/runtime/coordinator"
	"github.com/confinecheck/confinecheck/runtime/execution"
	"github.com/confinecheck/confinecheck/runtime/workload"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "coordinator:", err)
		os.Exit(1)
	}
}

func run() error {
	spec := workload.Spec{Regions: 2, WorkersPerRegion: 3, Queued: 1, Queriers: 2}
	logger := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: dropTime}))
	c := coordinator.New(spec.Layout(), coordinator.Options{Config: execution.Config{
		RetryDelay:  20 * time.Millisecond,
		MaxAttempts: 3,
		Logger:      logger,
	}})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := workload.Run(ctx, c, spec)
	if err != nil {
		return err
	}
	for _, t := range res.Terminations {
		outcome := "terminated"
		if t.Err != nil {
			outcome = "failed: " + t.Err.Error()
		}
		fmt.Printf("%s %s after %v\n", t.Region, outcome, t.Took.Round(time.Millisecond))
	}
	fmt.Printf("%d statistics queries answered meanwhile (%d failed); the last that reached running workers:\n", res.Queries, res.QueryErrs)
	for _, s := range res.LastStats {
		fmt.Printf("  %s processed %d batches\n", s.Worker, s.Processed)
	}
	workers := make([]string, 0, len(res.Report.States))
	for w := range res.Report.States {
		workers = append(workers, w)
	}
	sort.Strings(workers)
	for _, w := range workers {
		fmt.Printf("%s %v\n", w, res.Report.States[w])
	}
	fmt.Printf("unfulfilled promises: %d, control messages out of sequence: %d\n", res.Report.Unfulfilled, res.Report.OutOfOrder)
	return c.Stop(ctx)
}

// dropTime keeps the log lines short and the output stable.
func dropTime(groups []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey && len(groups) == 0 {
		return slog.Attr{}
	}
	return a
}
