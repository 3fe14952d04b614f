package solarlog

import (
	"slices"
	"sort"
	"time"
)

// PanelDay is the production of one panel on one day.
type PanelDay struct {
	Panel   string
	Day     time.Time
	WattHrs float64
	PeakW   float64
	MaxTemp float64
	Samples int
	Longest time.Duration
}

// byPanel splits readings per panel, each sorted by time.
func byPanel(rs []Reading) map[string][]Reading {
	out := make(map[string][]Reading)
	for _, r := range rs {
		out[r.Panel] = append(out[r.Panel], r)
	}
	for _, list := range out {
		slices.SortFunc(list, func(a, b Reading) int { return a.At.Compare(b.At) })
	}
	return out
}

// integrate computes the energy of one panel's sorted readings with the
// trapezoid rule, ignoring gaps longer than maxGap.
func integrate(panel string, day time.Time, rs []Reading, maxGap time.Duration, cal calibration) PanelDay {
	pd := PanelDay{Panel: panel, Day: day, Samples: len(rs)}
	for i, r := range rs {
		w := cal.apply(r.Watts())
		pd.PeakW = max(pd.PeakW, w)
		pd.MaxTemp = max(pd.MaxTemp, r.TempC)
		if i == 0 {
			continue
		}
		prev := rs[i-1]
		gap := r.At.Sub(prev.At)
		pd.Longest = max(pd.Longest, gap)
		if gap > maxGap {
			continue
		}
		pd.WattHrs += (cal.apply(prev.Watts()) + w) / 2 * gap.Hours()
	}
	return pd
}

// median returns the median of vs, or zero for an empty slice.
func median(vs []float64) float64 {
	if len(vs) == 0 {
		return 0
	}
	s := slices.Clone(vs)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// dayOf truncates t to midnight in loc.
func dayOf(t time.Time, loc *time.Location) time.Time {
	y, m, d := t.In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, loc)
}
