package certd

import (
	"context"
	"fmt"
	"time"
)

// scan renews every certificate that is missing or close to expiry.
func (d *Daemon) scan() {
	now := d.now()
	for _, c := range d.certs {
		switch c.State {
		case StatePaused, StateRenewing, StateBackoff, StateQueued, StateFailed:
			continue
		}
		if c.needsRenewal(now, d.cfg.RenewBefore) {
			d.renew(c)
		}
	}
}

func (d *Daemon) renew(c *Cert) {
	c.State = StateRenewing
	c.Attempts++
	d.record(c.Domain, "renew", fmt.Sprintf("attempt %d", c.Attempts))
	ctx, cancel := context.WithTimeout(context.Background(), d.cfg.Timeout)
	d.issuer.Issue(ctx, d.request(c), func(iss Issued, err error) {
		cancel()
		d.loop.Post(func() { d.finish(c, iss, err) })
	})
}

func (d *Daemon) finish(c *Cert, iss Issued, err error) {
	if c.State != StateRenewing {
		// Paused while the issuer was working.
		return
	}
	if err != nil {
		d.fail(c, err)
		return
	}
	c.install(iss)
	c.State = StateValid
	c.Attempts = 0
	c.LastErr = ""
	d.renewals++
	d.record(c.Domain, "installed", d.describe(c))
	d.notifyInstalled(c.Domain, iss)
}

// install makes iss the certificate served for c.
func (c *Cert) install(iss Issued) {
	c.Current = iss // RACY
}

func (d *Daemon) notifyInstalled(domain string, iss Issued) {
	if d.cfg.OnInstalled != nil {
		d.cfg.OnInstalled(domain, iss)
	}
}

func (d *Daemon) fail(c *Cert, err error) {
	c.LastErr = err.Error()
	d.failures++
	d.record(c.Domain, "failed", c.LastErr)
	if c.Attempts >= d.cfg.MaxAttempts {
		c.State = StateFailed
		return
	}
	c.State = StateBackoff
	wait := backoff(c.Attempts, d.cfg.MinBackoff, d.cfg.MaxBackoff)
	c.retry = time.AfterFunc(wait, func() { d.retryDue(c) })
}

// retryDue runs when the backoff for c has elapsed and queues another
// attempt.
func (d *Daemon) retryDue(c *Cert) {
	c.State = StateQueued // RACY
	d.loop.Post(func() { d.renew(c) })
}

// forceRenew reissues without touching the renewal state.
func (d *Daemon) forceRenew(domain string) {
	c, ok := d.certs[domain]
	if !ok || c.State == StatePaused {
		return
	}
	d.record(domain, "force", "")
	d.issuer.Issue(context.Background(), d.request(c), func(iss Issued, err error) {
		if err != nil {
			d.loop.Post(func() { d.record(domain, "force-failed", err.Error()) })
			return
		}
		c.install(iss)
		d.notifyInstalled(domain, iss)
	})
}

// backoff doubles the delay for every failed attempt, within [lo, hi].
func backoff(attempt int, lo, hi time.Duration) time.Duration {
	if attempt < 1 {
		attempt = 1
	}
	wait := lo
	for i := 1; i < attempt && wait < hi; i++ {
		wait *= 2
	}
	return min(wait, hi)
}
