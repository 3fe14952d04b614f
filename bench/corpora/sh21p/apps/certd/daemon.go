// Package certd keeps TLS certificates fresh. It tracks a set of domains,
// renews certificates that are close to expiry through an Issuer, retries
// failures with exponential backoff and reports what it holds.
package certd

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"example.com/corpus/trial-sh21p/internal/loop"
)

// State is the renewal state of a tracked domain.
type State int

const (
	StatePending State = iota
	StateValid
	StateRenewing
	StateBackoff
	StateQueued
	StateFailed
	StatePaused
)

var stateNames = [...]string{"pending", "valid", "renewing", "backoff", "queued", "failed", "paused"}

func (s State) String() string {
	if int(s) < len(stateNames) {
		return stateNames[s]
	}
	return "state(" + strconv.Itoa(int(s)) + ")"
}

var (
	ErrUnknownDomain = errors.New("certd: domain is not tracked")
	ErrTracked       = errors.New("certd: domain is already tracked")
)

// Config controls renewal behaviour.
type Config struct {
	RenewBefore time.Duration
	ScanEvery   time.Duration
	MinBackoff  time.Duration
	MaxBackoff  time.Duration
	MaxAttempts int
	Timeout     time.Duration
	// OnInstalled, if set, is told about every newly installed
	// certificate, for example to reload a proxy.
	OnInstalled func(domain string, iss Issued)
}

// Option adjusts the Config.
type Option func(*Config)

func WithRenewBefore(d time.Duration) Option { return func(c *Config) { c.RenewBefore = d } }
func WithScanEvery(d time.Duration) Option   { return func(c *Config) { c.ScanEvery = d } }
func WithMaxAttempts(n int) Option           { return func(c *Config) { c.MaxAttempts = n } }
func WithTimeout(d time.Duration) Option     { return func(c *Config) { c.Timeout = d } }

// WithBackoff sets the retry delay range.
func WithBackoff(lo, hi time.Duration) Option {
	return func(c *Config) { c.MinBackoff, c.MaxBackoff = lo, hi }
}

// WithInstallHook registers a function called after a certificate is
// installed.
func WithInstallHook(fn func(string, Issued)) Option {
	return func(c *Config) { c.OnInstalled = fn }
}

// Cert is the daemon's record of one domain.
type Cert struct {
	Domain   string
	SANs     []string
	Current  Issued
	State    State
	Attempts int
	LastErr  string

	retry *time.Timer
}

func (c *Cert) hasCert() bool { return c.Current.Serial != "" }

func (c *Cert) needsRenewal(now time.Time, before time.Duration) bool {
	return !c.hasCert() || c.Current.NotAfter.Sub(now) < before
}

// CertStatus is a snapshot of a Cert.
type CertStatus struct {
	Domain   string    `json:"domain"`
	State    string    `json:"state"`
	Serial   string    `json:"serial,omitempty"`
	NotAfter time.Time `json:"not_after,omitzero"`
	Attempts int       `json:"attempts"`
	LastErr  string    `json:"last_error,omitempty"`
}

func statusOf(c *Cert) CertStatus {
	cur := c.Current
	return CertStatus{
		Domain:   c.Domain,
		State:    c.State.String(),
		Serial:   cur.Serial,
		NotAfter: cur.NotAfter,
		Attempts: c.Attempts,
		LastErr:  c.LastErr,
	}
}

// Event is an entry in the audit log.
type Event struct {
	At     time.Time `json:"at"`
	Domain string    `json:"domain"`
	Kind   string    `json:"kind"`
	Detail string    `json:"detail,omitempty"`
}

const maxEvents = 1000

// Daemon renews certificates.
type Daemon struct {
	cfg      Config
	issuer   Issuer
	now      func() time.Time
	loop     *loop.Loop
	stopScan func()

	certs    map[string]*Cert
	renewals int
	failures int
	events   []Event
}

// New creates a daemon that obtains certificates from issuer.
func New(issuer Issuer, opts ...Option) *Daemon {
	cfg := Config{
		RenewBefore: 30 * 24 * time.Hour,
		ScanEvery:   time.Hour,
		MinBackoff:  time.Minute,
		MaxBackoff:  6 * time.Hour,
		MaxAttempts: 8,
		Timeout:     2 * time.Minute,
	}
	for _, opt := range opts {
		opt(&cfg)
	}
	return &Daemon{
		cfg:    cfg,
		issuer: issuer,
		now:    time.Now,
		loop:   loop.New(loop.WithName("certd")),
		certs:  make(map[string]*Cert),
	}
}

// Start runs the daemon loop and the periodic expiry scan.
func (d *Daemon) Start() {
	d.loop.Start()
	if d.cfg.ScanEvery > 0 {
		d.stopScan = d.loop.OnTick(d.cfg.ScanEvery, d.scan)
	}
}

// Stop halts scanning and pending retries and stops the loop.
func (d *Daemon) Stop() {
	if d.stopScan != nil {
		d.stopScan()
	}
	_ = d.loop.Do(func() {
		for _, c := range d.certs {
			if c.retry != nil {
				c.retry.Stop()
			}
		}
	})
	d.loop.Stop()
}

// Track starts managing domain and requests a certificate if none is held.
func (d *Daemon) Track(domain string, sans ...string) error {
	if err := validateName(domain); err != nil {
		return err
	}
	var result error
	err := d.loop.Do(func() {
		if _, ok := d.certs[domain]; ok {
			result = ErrTracked
			return
		}
		c := &Cert{Domain: domain, SANs: slices.Clone(sans)}
		d.certs[domain] = c
		d.record(domain, "tracked", "")
		d.renew(c)
	})
	return cmp.Or(err, result)
}

// ForceRenew reissues the certificate for domain right away, for example
// after a key compromise. The current certificate keeps being served until
// the replacement is installed.
func (d *Daemon) ForceRenew(domain string) error {
	if !d.loop.Post(func() { d.forceRenew(domain) }) {
		return loop.ErrStopped
	}
	return nil
}

// Pause stops renewing domain until Resume is called.
func (d *Daemon) Pause(domain string) error {
	if !d.loop.Post(func() { d.setPaused(domain, true) }) {
		return loop.ErrStopped
	}
	return nil
}

// Resume re-enables renewal for domain.
func (d *Daemon) Resume(domain string) error {
	if !d.loop.Post(func() { d.setPaused(domain, false) }) {
		return loop.ErrStopped
	}
	return nil
}

// ScanNow runs an expiry scan immediately.
func (d *Daemon) ScanNow() error { return d.loop.Do(d.scan) }

// Status returns a snapshot of one domain.
func (d *Daemon) Status(domain string) (CertStatus, error) {
	type result struct {
		s  CertStatus
		ok bool
	}
	res, err := loop.Call(d.loop, func() result {
		c, ok := d.certs[domain]
		if !ok {
			return result{}
		}
		return result{statusOf(c), true}
	})
	if err != nil {
		return CertStatus{}, err
	}
	if !res.ok {
		return CertStatus{}, ErrUnknownDomain
	}
	return res.s, nil
}

// Inventory returns the tracked certificates ordered by expiry.
func (d *Daemon) Inventory() ([]*Cert, error) {
	return loop.Call(d.loop, func() []*Cert {
		out := make([]*Cert, 0, len(d.certs))
		for _, c := range d.certs {
			out = append(out, c)
		}
		slices.SortFunc(out, func(a, b *Cert) int {
			if c := a.Current.NotAfter.Compare(b.Current.NotAfter); c != 0 {
				return c
			}
			return cmp.Compare(a.Domain, b.Domain)
		})
		return out
	})
}

// Events returns the audit log, oldest first.
func (d *Daemon) Events() ([]Event, error) {
	return loop.Call(d.loop, func() []Event { return slices.Clone(d.events) })
}

func (d *Daemon) record(domain, kind, detail string) {
	if len(d.events) >= maxEvents {
		d.events = slices.Delete(d.events, 0, len(d.events)-maxEvents+1)
	}
	d.events = append(d.events, Event{At: d.now(), Domain: domain, Kind: kind, Detail: detail})
}

func (d *Daemon) request(c *Cert) Request {
	return Request{Domain: c.Domain, SANs: slices.Clone(c.SANs)}
}

func (d *Daemon) setPaused(domain string, paused bool) {
	c, ok := d.certs[domain]
	if !ok {
		return
	}
	switch {
	case paused && c.State != StatePaused:
		if c.retry != nil {
			c.retry.Stop()
		}
		c.State = StatePaused
		d.record(domain, "paused", "")
	case !paused && c.State == StatePaused:
		c.State = StateValid
		if !c.hasCert() {
			c.State = StatePending
		}
		d.record(domain, "resumed", "")
	}
}

func (d *Daemon) describe(c *Cert) string {
	if !c.hasCert() {
		return fmt.Sprintf("%s: no certificate (%s)", c.Domain, c.State)
	}
	return fmt.Sprintf("%s: serial %s valid until %s (%s)", c.Domain, c.Current.Serial,
		c.Current.NotAfter.Format(time.RFC3339), c.State)
}
