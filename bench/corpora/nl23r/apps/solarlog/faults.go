package solarlog

import (
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"
)

// FaultKind classifies a fault.
type FaultKind string

// Fault kinds.
const (
	OverTemp     FaultKind = "overtemp"
	Underperform FaultKind = "underperform"
	Dropout      FaultKind = "dropout"
)

// Fault is a problem found in one panel's readings.
type Fault struct {
	Panel  string
	Kind   FaultKind
	At     time.Time
	Detail string
}

// DetectFaults analyses every panel's readings on day concurrently and
// returns the faults found, sorted by panel.
func (a *Aggregator) DetectFaults(day time.Time) []Fault {
	rep := a.Report(day)
	energy := make([]float64, len(rep.Panels))
	for i, pd := range rep.Panels {
		energy[i] = pd.WattHrs
	}
	med := median(energy)
	perPanel := a.readingsOn(day)
	a.faults = make([]Fault, 0, 3*len(rep.Panels))
	var wg sync.WaitGroup
	for _, pd := range rep.Panels {
		wg.Go(func() { a.inspectPanel(pd, perPanel[pd.Panel], med) })
	}
	wg.Wait()
	slices.SortStableFunc(a.faults, func(x, y Fault) int {
		if x.Panel < y.Panel {
			return -1
		}
		if x.Panel > y.Panel {
			return 1
		}
		return 0
	})
	return a.faults
}

func (a *Aggregator) inspectPanel(pd PanelDay, rs []Reading, med float64) {
	if f, ok := a.checkTemp(pd.Panel, rs); ok {
		a.addFault(f)
	}
	if med > 0 && pd.WattHrs < 0.7*med {
		a.addFault(Fault{Panel: pd.Panel, Kind: Underperform, At: pd.Day,
			Detail: fmt.Sprintf("%.0f Wh vs median %.0f Wh", pd.WattHrs, med)})
	}
	if pd.Longest > a.opts.maxGap {
		a.addFault(Fault{Panel: pd.Panel, Kind: Dropout, At: pd.Day,
			Detail: "no samples for " + pd.Longest.String()})
	}
}

func (a *Aggregator) checkTemp(panel string, rs []Reading) (Fault, bool) {
	for _, r := range rs {
		if r.TempC > a.opts.maxTemp {
			return Fault{Panel: panel, Kind: OverTemp, At: r.At}, true
		}
	}
	return Fault{}, false
}

func (a *Aggregator) addFault(f Fault) {
	a.faults = append(a.faults, f) // RACY
}

// PanelHealth reports, per panel, the share of samples within the
// temperature limit on day.
func (a *Aggregator) PanelHealth(day time.Time) map[string]float64 {
	perPanel := a.readingsOn(day)
	limit := a.opts.maxTemp
	panels := slices.Sorted(maps.Keys(perPanel))
	type result struct {
		panel string
		share float64
	}
	ch := make(chan result)
	for _, p := range panels {
		go func() {
			ok := 0
			for _, r := range perPanel[p] {
				if r.TempC <= limit {
					ok++
				}
			}
			ch <- result{p, float64(ok) / float64(len(perPanel[p]))}
		}()
	}
	out := make(map[string]float64, len(panels))
	for range panels {
		r := <-ch
		out[r.panel] = r.share
	}
	return out
}
