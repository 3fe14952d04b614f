package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"
)

// runEnv makes the test binary run the buggy teardown instead of its tests,
// so that a binary already built with -race can be reused as the subprocess.
const runEnv = "BUGGYCOORDINATOR_RUN"

func TestMain(m *testing.M) {
	if os.Getenv(runEnv) == "1" {
		if err := run(); err != nil {
			fmt.Fprintln(os.Stderr, "buggycoordinator:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// racyFuncs are the functions of the coordinator's loop state that the
// original retry path calls on the timer's goroutine.
var racyFuncs = regexp.MustCompile(`rpc\.\(\*Client\)\.(createPromise|FulfillPromise)|network\.\(\*OutputGateway\)\.getSequenceNumber`)

// TestRaceDetectorCatchesTheBug runs the buggy teardown in a subprocess built
// with -race and checks that the race detector reports a race on the RPC
// client's promise counter or map, or on the gateway's sequence map: what
// confinecheck reports statically (see analyzer/runtime_test.go).
func TestRaceDetectorCatchesTheBug(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var cmd *exec.Cmd
	if raceEnabled {
		cmd = exec.CommandContext(ctx, os.Args[0])
	} else {
		cmd = exec.CommandContext(ctx, "go", "run", "-race", ".")
	}
	// The race detector waits a second at exit by default, for goroutines
	// that are still racing; the reports are in by then.
	cmd.Env = append(os.Environ(), runEnv+"=1", "GORACE="+strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	start := time.Now()
	out, err := cmd.CombinedOutput()
	t.Logf("the buggy teardown ran for %v (exit: %v)", time.Since(start).Round(time.Millisecond), err)
	for _, report := range raceReports(string(out)) {
		if racyFuncs.MatchString(report) {
			t.Logf("the race detector caught it:\n%s", report)
			return
		}
	}
	t.Fatalf("no data race reported on the RPC client or the gateway; output:\n%s", out)
}

// raceReports splits the race detector's reports out of a program's output.
func raceReports(out string) []string {
	const sep = "=================="
	var reports []string
	for _, block := range strings.Split(out, sep) {
		if strings.Contains(block, "WARNING: DATA RACE") {
			reports = append(reports, strings.TrimSpace(block))
		}
	}
	return reports
}
