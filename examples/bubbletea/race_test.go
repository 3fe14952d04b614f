package bubbletea_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/confinecheck/confinecheck/examples/bubbletea/buggy"
	"github.com/confinecheck/confinecheck/examples/bubbletea/fixed"
)

// drivenEnv makes the test binary run the driven refresh instead of its
// tests, on the "buggy" or the "fixed" counter. A race report fails the test
// that hits it, so the refresh runs in a subprocess and the tests read its
// output.
const drivenEnv = "BUBBLETEA_EXAMPLE_DRIVEN"

// drivenDone is the last line the driven refresh prints when it got through.
const drivenDone = "driven refresh done"

// A counter is what the test needs of either model.
type counter interface {
	tea.Model
	Fetched() int
}

var counters = map[string]func(fetch func() int) counter{
	"buggy": func(fetch func() int) counter { return buggy.New(fetch) },
	"fixed": func(fetch func() int) counter { return fixed.New(fetch) },
}

// drivenRefresh runs a program headless (input from a pipe, no renderer, no
// signal handler) and presses "r": Update returns the refresh Cmd and the
// event loop calls View; the program runs the Cmd on a goroutine of its own,
// which the loop's View is not ordered with. The buggy Cmd writes the
// model's fetched field, which View reads: the race detector reports it on
// every run, whatever the timing. The fixed Cmd only returns a Msg.
func drivenRefresh(mode string) error {
	newCounter, ok := counters[mode]
	if !ok {
		return fmt.Errorf("no counter %q", mode)
	}
	m := newCounter(func() int { return 42 })
	in, keys := io.Pipe()
	p := tea.NewProgram(m, tea.WithInput(in), tea.WithOutput(io.Discard), tea.WithoutRenderer(), tea.WithoutSignalHandler())
	go func() {
		keys.Write([]byte("r")) //nolint:errcheck // the program reads it, or has ended
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	go func() {
		<-ctx.Done()
		p.Kill()
	}()
	final, err := p.Run()
	keys.Close()
	if err != nil {
		return err
	}
	if got := final.(counter).Fetched(); got != 42 {
		return fmt.Errorf("fetched %d, want 42", got)
	}
	return nil
}

// runDriven runs the driven refresh on the counter named mode, in a
// subprocess built with -race.
func runDriven(t *testing.T, mode string) (string, error) {
	t.Helper()
	bin := raceBinary(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Env = append(os.Environ(), drivenEnv+"="+mode, "GORACE="+strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// racyRefresh matches a race report between the buggy refresh Cmd and the
// event loop's View.
var racyRefresh = regexp.MustCompile(`(?s)buggy\.\(\*Model\)\.refresh\(\).*buggy\.\(\*Model\)\.View\(\)|buggy\.\(\*Model\)\.View\(\).*buggy\.\(\*Model\)\.refresh\(\)`)

// TestRaceDetectorCatchesTheBug: what confinecheck reports statically, the
// race detector reports when the buggy refresh runs.
func TestRaceDetectorCatchesTheBug(t *testing.T) {
	t.Parallel()
	out, _ := runDriven(t, "buggy")
	for _, report := range raceReports(out) {
		if racyRefresh.MatchString(report) {
			t.Logf("the race detector caught it:\n%s", report)
			return
		}
	}
	t.Fatalf("no data race reported between the refresh Cmd and View; output:\n%s", out)
}

// TestRaceDetectorPassesTheFix runs the fixed refresh: no race, and the
// model has what the Cmd fetched.
func TestRaceDetectorPassesTheFix(t *testing.T) {
	t.Parallel()
	out, err := runDriven(t, "fixed")
	if reports := raceReports(out); len(reports) > 0 {
		t.Fatalf("the race detector reported %d races on the fixed counter:\n%s", len(reports), out)
	}
	if err != nil || !strings.Contains(out, drivenDone) {
		t.Fatalf("the fixed refresh failed: %v\n%s", err, out)
	}
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
