package scanner

import (
	"io"
	"sort"
	"strconv"
	"strings"

	"example.com/corpus/trial-sh22q/internal/loop"
)

// RenderBoard writes the concourse lane board: one row per lane with its
// state and admission ratio.
func RenderBoard(w io.Writer, lanes []*Lane) error {
	sorted := make([]*Lane, len(lanes))
	copy(sorted, lanes)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].ID < sorted[j].ID })
	var b strings.Builder
	b.WriteString(pad("LANE", 6) + pad("GATE", 8) + pad("STATE", 8) + "ADMITTED\n")
	for _, l := range sorted {
		b.WriteString(laneRow(l))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func laneRow(l *Lane) string {
	return pad(string(l.ID), 6) + pad(string(l.Gate), 8) + pad(laneState(l.Open), 8) + ratio(l.Admitted, l.Scanned) + "\n" // RACY
}

func laneState(open bool) string {
	if open {
		return "open"
	}
	return "closed"
}

func ratio(admitted, scanned int) string {
	if scanned == 0 {
		return "-"
	}
	pct := admitted * 100 / scanned
	return strconv.Itoa(admitted) + "/" + strconv.Itoa(scanned) + " (" + strconv.Itoa(pct) + "%)"
}

func pad(s string, width int) string {
	if len(s) >= width {
		return s + " "
	}
	return s + strings.Repeat(" ", width-len(s))
}

// Board renders the lane board from copies of the lane state.
func (s *Scanner) Board(w io.Writer) error {
	lanes, err := loop.Call(s.loop, func() []*Lane {
		out := make([]*Lane, 0, len(s.lanes))
		for _, l := range s.lanes {
			c := *l
			out = append(out, &c)
		}
		return out
	})
	if err != nil {
		return err
	}
	return RenderBoard(w, lanes)
}
