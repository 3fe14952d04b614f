package picklist

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Utilisation is the fraction of the picker's capacity in use.
func (p *Picker) Utilisation() float64 {
	if p.Capacity == 0 {
		return 0
	}
	return float64(p.Load) / float64(p.Capacity) // RACY
}

// WriteFloorReport writes a fixed-width table of pickers grouped by zone.
func WriteFloorReport(w io.Writer, pickers []*Picker) error {
	byZone := make(map[string][]*Picker)
	for _, p := range pickers {
		byZone[p.Zone] = append(byZone[p.Zone], p)
	}
	zones := make([]string, 0, len(byZone))
	for z := range byZone {
		zones = append(zones, z)
	}
	slices.Sort(zones)

	if _, err := fmt.Fprintf(w, "%-6s %-10s %s\n", "ZONE", "PICKER", "UTIL"); err != nil {
		return err
	}
	for _, z := range zones {
		ps := byZone[z]
		slices.SortFunc(ps, func(a, b *Picker) int { return cmp.Compare(a.ID, b.ID) })
		for _, p := range ps {
			if err := writePickerRow(w, p); err != nil {
				return err
			}
		}
	}
	return nil
}

func writePickerRow(w io.Writer, p *Picker) error {
	u := p.Utilisation()
	_, err := fmt.Fprintf(w, "%-6s %-10s %-10s %3.0f%%\n", p.Zone, p.ID, bar(u, 10), u*100)
	return err
}

func bar(frac float64, width int) string {
	n := int(frac*float64(width) + 0.5)
	n = max(0, min(n, width))
	return strings.Repeat("#", n) + strings.Repeat(".", width-n)
}
