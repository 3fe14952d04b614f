package maildedup

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
)

// KeepPolicy decides which copy of a duplicated message is kept.
type KeepPolicy int

const (
	// KeepOldest keeps the copy with the earliest date.
	KeepOldest KeepPolicy = iota
	// KeepPreferredMailbox keeps the copy from the mailbox listed first in
	// the preference list.
	KeepPreferredMailbox
)

// Group is a set of messages with the same fingerprint. Keep is the copy
// that stays; Drop lists the others.
type Group struct {
	Fingerprint string
	Keep        Message
	Drop        []Message
}

// Report is the result of a duplicate search.
type Report struct {
	Groups     []Group
	Unique     int
	Duplicates int
	SavedBytes int64
}

// Deduper finds duplicate messages.
type Deduper struct {
	policy    KeepPolicy
	preferred []string

	mu        sync.Mutex
	seen      map[string]int
	buckets   [][]Message
	dupeCount atomic.Int64

	last    Report
	lastErr error
	runs    int
}

// NewDeduper returns a Deduper using the given keep policy. For
// KeepPreferredMailbox, preferred lists mailboxes from most to least
// preferred.
func NewDeduper(policy KeepPolicy, preferred ...string) *Deduper {
	return &Deduper{policy: policy, preferred: preferred}
}

// Find groups msgs by fingerprint.
func (d *Deduper) Find(ctx context.Context, msgs []Message) (Report, error) {
	d.reset()
	g, ctx := errgroup.WithContext(ctx)
	for _, m := range msgs {
		g.Go(func() error {
			if err := ctx.Err(); err != nil {
				return err
			}
			d.claim(Fingerprint(m), m)
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return Report{}, err
	}
	return d.buildReport(), nil
}

func (d *Deduper) reset() {
	d.seen = make(map[string]int)
	d.buckets = nil
	d.dupeCount.Store(0)
}

func (d *Deduper) claim(fp string, m Message) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if i, ok := d.seen[fp]; ok {
		d.buckets[i] = append(d.buckets[i], m)
		d.dupeCount.Add(1)
		return
	}
	d.seen[fp] = len(d.buckets)
	d.buckets = append(d.buckets, []Message{m})
}

func (d *Deduper) buildReport() Report {
	var r Report
	fps := make([]string, len(d.buckets))
	for fp, i := range d.seen {
		fps[i] = fp
	}
	for i, bucket := range d.buckets {
		r.Unique++
		if len(bucket) < 2 {
			continue
		}
		g := d.group(fps[i], bucket)
		for _, m := range g.Drop {
			r.SavedBytes += int64(m.Size)
		}
		r.Duplicates += len(g.Drop)
		r.Groups = append(r.Groups, g)
	}
	slices.SortFunc(r.Groups, func(a, b Group) int { return a.Keep.Date.Compare(b.Keep.Date) })
	return r
}

func (d *Deduper) group(fp string, bucket []Message) Group {
	ms := slices.Clone(bucket)
	slices.SortStableFunc(ms, d.compare)
	return Group{Fingerprint: fp, Keep: ms[0], Drop: ms[1:]}
}

func (d *Deduper) compare(a, b Message) int {
	if d.policy == KeepPreferredMailbox {
		ra, rb := d.rank(a.Mailbox), d.rank(b.Mailbox)
		if ra != rb {
			return ra - rb
		}
	}
	if c := a.Date.Compare(b.Date); c != 0 {
		return c
	}
	return compareStrings(a.Mailbox, b.Mailbox)
}

func (d *Deduper) rank(mailbox string) int {
	if i := slices.Index(d.preferred, mailbox); i >= 0 {
		return i
	}
	return len(d.preferred)
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Duplicates reports how many duplicates the last search found.
func (d *Deduper) Duplicates() int64 { return d.dupeCount.Load() }

// Start runs Find on a background goroutine. The returned channel is
// closed when the report is available from Last.
func (d *Deduper) Start(ctx context.Context, msgs []Message) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		d.last, d.lastErr = d.Find(ctx, msgs)
		close(done)
		d.noteRun()
	}()
	return done
}

func (d *Deduper) noteRun() {
	d.runs++ // RACY
}

// Last returns the report of the last background search.
func (d *Deduper) Last() (Report, error) { return d.last, d.lastErr }

// Runs reports how many background searches have completed.
func (d *Deduper) Runs() int { return d.runs }

// Stream fingerprints msgs concurrently and sends each duplicate group on
// the returned channel once all messages have been examined.
func Stream(ctx context.Context, msgs []Message) <-chan []Message {
	type keyed struct {
		fp string
		m  Message
	}
	in := make(chan keyed)
	go func() {
		var wg sync.WaitGroup
		for _, m := range msgs {
			wg.Go(func() {
				select {
				case in <- keyed{Fingerprint(m), m}:
				case <-ctx.Done():
				}
			})
		}
		wg.Wait()
		close(in)
	}()
	out := make(chan []Message)
	go func() {
		defer close(out)
		byFP := make(map[string][]Message)
		var order []string
		for k := range in {
			if _, ok := byFP[k.fp]; !ok {
				order = append(order, k.fp)
			}
			byFP[k.fp] = append(byFP[k.fp], k.m)
		}
		for _, fp := range order {
			if len(byFP[fp]) < 2 {
				continue
			}
			select {
			case out <- byFP[fp]:
			case <-ctx.Done():
				return
			}
		}
	}()
	return out
}

// Survey summarises the size of a message set per mailbox.
type Survey struct {
	mu        sync.Mutex
	perMbox   map[string]int
	messages  atomic.Int64
	oversized atomic.Int64
	bytes     int64
	limit     int
}

// NewSurvey returns a Survey that flags messages above limit bytes.
func NewSurvey(limit int) *Survey {
	return &Survey{perMbox: make(map[string]int), limit: limit}
}

// Run examines msgs concurrently.
func (s *Survey) Run(ctx context.Context, msgs []Message) error {
	g, ctx := errgroup.WithContext(ctx)
	for _, m := range msgs {
		g.Go(func() error {
			s.observe(m)
			return ctx.Err()
		})
	}
	return g.Wait()
}

func (s *Survey) observe(m Message) {
	s.bytes += int64(m.Size) // RACY
	s.messages.Add(1)
	if m.Size > s.limit {
		s.oversized.Add(1)
	}
	s.mu.Lock()
	s.perMbox[m.Mailbox]++
	s.mu.Unlock()
}

// Totals returns the message count, oversized count and byte total.
func (s *Survey) Totals() (messages, oversized, bytes int64) {
	return s.messages.Load(), s.oversized.Load(), s.bytes
}

// PerMailbox returns a copy of the message count per mailbox.
func (s *Survey) PerMailbox() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]int, len(s.perMbox))
	for k, v := range s.perMbox {
		out[k] = v
	}
	return out
}
