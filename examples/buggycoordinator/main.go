// Command buggycoordinator is the coordinator with the bug it was ported
// from: a region's termination retries run on the retry timer's goroutine
// and use the coordinator's RPC client and output gateway there, and the
// graceful-stop completions write worker states on the workers' goroutines,
// all while the coordinator's loop serves statistics queries with the same
// state. confinecheck reports both paths:
//
//	go run ./cmd/confinecheck ./examples/buggycoordinator
//
// and the race detector catches them when the program runs:
//
//	go run -race ./examples/buggycoordinator
package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/confinecheck/confinecheck/runtime/coordinator"
	"github.com/confinecheck/confinecheck/runtime/execution"
	"github.com/confinecheck/confinecheck/runtime/workload"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "buggycoordinator:", err)
		os.Exit(1)
	}
}

// run tears down a workflow whose workers refuse several termination
// attempts while statistics queries keep the loop busy: many retries, each
// racing with the loop. A lost reply hangs a termination, so it gives up
// after a few seconds.
func run() error {
	spec := workload.Stress
	c := coordinator.New(spec.Layout(), coordinator.Options{
		Config:     execution.Config{RetryDelay: time.Millisecond, MaxAttempts: spec.Queued + 1},
		Terminator: func(m *execution.RegionManager) coordinator.Terminator { return buggyManager{m} },
	})
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	res, err := workload.Run(ctx, c, spec)
	if err != nil {
		return err
	}
	res.Print(os.Stdout)
	return c.Stop(ctx)
}
