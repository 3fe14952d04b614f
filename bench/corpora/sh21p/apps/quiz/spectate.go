package quiz

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"
)

// Spectate renders the standings to w every interval until ctx is done,
// writing a new frame only when it changed. The returned channel is closed
// once the spectator has stopped.
func (h *Host) Spectate(ctx context.Context, w io.Writer, every time.Duration) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(every)
		defer t.Stop()
		last := ""
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			frame := renderStandings(h.roster)
			if frame == last {
				continue
			}
			if _, err := io.WriteString(w, frame); err != nil {
				return
			}
			last = frame
		}
	}()
	return done
}

func renderStandings(players []*Player) string {
	rows := make([]Standing, 0, len(players))
	for _, p := range players {
		rows = append(rows, standingOf(p))
	}
	sortStandings(rows)
	return formatBoard(rows)
}

func formatBoard(rows []Standing) string {
	var b strings.Builder
	b.WriteString("---- standings ----\n")
	for i, s := range rows {
		mark := ""
		if !s.Connected {
			mark = " (away)"
		}
		fmt.Fprintf(&b, "%2d. %-12s %5d%s\n", i+1, s.Name, s.Score, mark)
	}
	return b.String()
}
