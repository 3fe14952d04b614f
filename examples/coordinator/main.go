// Command coordinator runs a small workflow teardown on the fixed runtime:
// every worker refuses the first termination attempt, so each region is
// retried after a delay, while two goroutines keep querying statistics. It
// prints the retries, the terminations and the state the workers end in.
//
//	go run ./examples/coordinator
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
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
	res.Print(os.Stdout)
	return c.Stop(ctx)
}

// dropTime keeps the log lines short and the output stable.
func dropTime(groups []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey && len(groups) == 0 {
		return slog.Attr{}
	}
	return a
}
