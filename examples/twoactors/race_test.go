package twoactors

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// exchangeEnv makes the test binary run one exchange instead of its tests:
// "buggy" sends the live book, "fixed" a copy. A race report would fail
// the test that hits it, so the exchange runs in a subprocess and the test
// reads its output.
const exchangeEnv = "TWOACTORS_EXCHANGE"

func TestMain(m *testing.M) {
	if mode := os.Getenv(exchangeEnv); mode != "" {
		fmt.Println("audited", exchange(mode == "buggy"), "failures")
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// exchange runs both loops over 100 failed jobs and returns the most
// failures the auditor saw.
func exchange(buggy bool) int {
	a := newAuditor()
	c := newCoordinator(a)
	seen := make(chan int)
	if buggy {
		go func() { seen <- a.run() }()
		go c.run()
	} else {
		go func() { seen <- a.runCopies() }()
		go c.runFixed()
	}
	for i := range 100 {
		c.Jobs <- fmt.Sprint("job ", i)
	}
	close(c.Jobs)
	return <-seen
}

// TestRaceDetectorAgrees checks the findings against the race detector:
// sending the live book races, sending a copy does not.
func TestRaceDetectorAgrees(t *testing.T) {
	if !raceEnabled {
		t.Skip("needs the race detector: go test -race")
	}
	for mode, wantRace := range map[string]bool{"buggy": true, "fixed": false} {
		t.Run(mode, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), exchangeEnv+"="+mode)
			out, _ := cmd.CombinedOutput() // a race makes the exit status 66
			if !strings.Contains(string(out), "audited 100 failures") {
				t.Fatalf("the %s exchange did not finish:\n%s", mode, out)
			}
			if raced := strings.Contains(string(out), "WARNING: DATA RACE"); raced != wantRace {
				t.Errorf("the %s exchange raced: %v, want %v\n%s", mode, raced, wantRace, out)
			}
		})
	}
}

// TestExchange checks that both loops see every failure.
func TestExchange(t *testing.T) {
	if got := exchange(false); got != 100 {
		t.Errorf("the auditor saw %d failures, want 100", got)
	}
}
