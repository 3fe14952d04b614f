package certd

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"
)

// WriteInventory prints a table of certificates.
func WriteInventory(w io.Writer, certs []*Cert, now time.Time) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "DOMAIN\tSTATE\tEXPIRES\tSERIAL")
	for _, c := range certs {
		fmt.Fprintln(tw, inventoryRow(c, now))
	}
	return tw.Flush()
}

func inventoryRow(c *Cert, now time.Time) string {
	expires, serial := "-", "-"
	if c.hasCert() {
		left := c.Current.NotAfter.Sub(now).Round(time.Hour)
		expires = fmt.Sprintf("%s (%s)", c.Current.NotAfter.Format(time.DateOnly), left)
		serial = c.Current.Serial
	}
	return strings.Join([]string{c.Domain, c.State.String(), expires, serial}, "\t") // RACY
}

// MetricsSink receives gauge values.
type MetricsSink interface {
	Gauge(name string, value float64)
}

// StartMetrics publishes renewal counters to sink every interval. The
// returned function stops publishing and waits for the publisher to exit.
func (d *Daemon) StartMetrics(sink MetricsSink, every time.Duration) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				d.publishMetrics(sink)
			}
		}
	}()
	return func() {
		cancel()
		<-done
	}
}

func (d *Daemon) publishMetrics(sink MetricsSink) {
	renewed, failed := d.renewals, d.failures // RACY
	sink.Gauge("certd_renewals_total", float64(renewed))
	sink.Gauge("certd_failures_total", float64(failed))
}

// ExpiringSoon returns the domains whose certificate expires within
// window.
func (d *Daemon) ExpiringSoon(window time.Duration) ([]string, error) {
	var out []string
	err := d.loop.Do(func() {
		now := d.now()
		for _, c := range d.certs {
			if c.hasCert() && c.Current.NotAfter.Sub(now) < window {
				out = append(out, c.Domain)
			}
		}
	})
	return out, err
}
