package logrotate

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"example.com/corpus/trial-nl22q/internal/par"
)

// Archive records one completed rotation.
type Archive struct {
	Log     string
	Path    string
	In, Out int64
	At      time.Time
}

// Report summarises one Run.
type Report struct {
	Rotated  []Archive
	Skipped  []string
	Failures []error
	BytesIn  int64
	BytesOut int64
}

// Status is a snapshot of a Rotator's lifetime counters.
type Status struct {
	Rotations int64
	BytesIn   int64
	Removed   int
	Errors    int
}

// Option configures a Rotator.
type Option func(*Rotator)

// WithClock overrides the time source.
func WithClock(now func() time.Time) Option { return func(r *Rotator) { r.now = now } }

// WithWorkers bounds how many files are compressed at once.
func WithWorkers(n int) Option { return func(r *Rotator) { r.workers = n } }

// WithCompressor replaces the default compressor.
func WithCompressor(c *Compressor) Option { return func(r *Rotator) { r.comp = c } }

// Rotator rotates the logs in one directory.
type Rotator struct {
	dir     string
	policy  Policy
	comp    *Compressor
	now     func() time.Time
	workers int

	rotations atomic.Int64
	mu        sync.Mutex
	errs      []error

	bytesIn int64
	removed int
	history []Archive
}

// New returns a Rotator for dir.
func New(dir string, p Policy, opts ...Option) (*Rotator, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	comp, _ := NewCompressor(6)
	r := &Rotator{dir: dir, policy: p, comp: comp, now: time.Now, workers: 2}
	for _, o := range opts {
		o(r)
	}
	return r, nil
}

func (r *Rotator) recordErr(err error) {
	r.mu.Lock()
	r.errs = append(r.errs, err)
	r.mu.Unlock()
}

// scan lists live logs and archives in the directory.
func (r *Rotator) scan() ([]LogFile, []ArchiveFile, error) {
	entries, err := os.ReadDir(r.dir)
	if err != nil {
		return nil, nil, err
	}
	var logs []LogFile
	var archives []ArchiveFile
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue
		}
		name := e.Name()
		if a, ok := ParseArchiveName(name); ok {
			archives = append(archives, a)
			continue
		}
		if !strings.HasSuffix(name, r.policy.Suffix) {
			continue
		}
		info, err := e.Info()
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		logs = append(logs, LogFile{Name: name, Size: info.Size(), ModTime: info.ModTime()})
	}
	return logs, archives, nil
}

// detach renames the live log out of the way so writers reopening the
// original name start a fresh file. It returns the pending path.
func (r *Rotator) detach(name string, at time.Time) (string, error) {
	pending := filepath.Join(r.dir, "."+name+"."+at.UTC().Format(stampLayout)+".pending")
	return pending, os.Rename(filepath.Join(r.dir, name), pending)
}

// archivePath picks a free archive name for name at time at.
func (r *Rotator) archivePath(name string, at time.Time) string {
	for seq := 0; ; seq++ {
		p := filepath.Join(r.dir, ArchiveName(name, at, seq))
		if _, err := os.Lstat(p); errors.Is(err, fs.ErrNotExist) {
			return p
		}
	}
}

func (r *Rotator) archive(name, pending string, at time.Time) (Archive, error) {
	dst := r.archivePath(name, at)
	res := r.comp.CompressFile(pending, dst)
	if res.Err != nil {
		return Archive{}, res.Err
	}
	r.rotations.Add(1)
	return Archive{Log: name, Path: dst, In: res.In, Out: res.Out, At: at}, nil
}

// Run rotates every due log, compressing them in parallel, and records
// the outcome in the returned report.
func (r *Rotator) Run(ctx context.Context) (*Report, error) {
	logs, _, err := r.scan()
	if err != nil {
		return nil, err
	}
	at := r.now()
	rep := &Report{}
	type job struct{ name, pending string }
	var jobs []job
	for _, lf := range logs {
		if !r.policy.Due(lf, at) {
			rep.Skipped = append(rep.Skipped, lf.Name)
			continue
		}
		pending, err := r.detach(lf.Name, at)
		if err != nil {
			rep.Failures = append(rep.Failures, err)
			continue
		}
		jobs = append(jobs, job{lf.Name, pending})
	}
	results := make([]Archive, len(jobs))
	errs := make([]error, len(jobs))
	g := par.NewGroup(r.workers)
	for i, j := range jobs {
		g.Go(func() error {
			if err := ctx.Err(); err != nil {
				errs[i] = err
				return err
			}
			a, err := r.archive(j.name, j.pending, at)
			if err != nil {
				errs[i] = err
				r.recordErr(err)
				return err
			}
			results[i] = a
			r.bytesIn += a.In // RACY
			return nil
		})
	}
	g.Wait()
	for i := range jobs {
		if errs[i] != nil {
			rep.Failures = append(rep.Failures, errs[i])
			continue
		}
		rep.Rotated = append(rep.Rotated, results[i])
		rep.BytesIn += results[i].In
		rep.BytesOut += results[i].Out
	}
	return rep, nil
}

// Prune deletes archives beyond the policy's Keep count and returns how
// many were removed.
func (r *Rotator) Prune() (int, error) {
	_, archives, err := r.scan()
	if err != nil {
		return 0, err
	}
	removed := 0
	var errs []error
	for _, a := range r.policy.Expired(archives) {
		if err := os.Remove(filepath.Join(r.dir, a.Name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
			continue
		}
		removed++
	}
	return removed, errors.Join(errs...)
}

// PruneInBackground runs Prune without blocking the caller. Failures are
// ignored; the next Prune will retry.
func (r *Rotator) PruneInBackground() {
	go func() {
		n, _ := r.Prune()
		r.removed += n // RACY
	}()
}

// PruneAsync runs Prune on another goroutine and delivers the outcome.
func (r *Rotator) PruneAsync() <-chan error {
	out := make(chan error, 1)
	go func() {
		n, err := r.Prune()
		r.removed += n
		out <- err
	}()
	return out
}

// Rotate rotates a single log immediately, regardless of policy.
func (r *Rotator) Rotate(name string) (Archive, error) {
	at := r.now()
	pending, err := r.detach(name, at)
	if err != nil {
		return Archive{}, err
	}
	a, err := r.archive(name, pending, at)
	if err != nil {
		r.recordErr(err)
		return Archive{}, err
	}
	r.history = append(r.history, a)
	return a, nil
}

// Outcome is delivered by RotateAsync.
type Outcome struct {
	Archive Archive
	Err     error
}

// RotateAsync detaches name immediately and compresses it on another
// goroutine, delivering the outcome on the returned channel.
func (r *Rotator) RotateAsync(name string) <-chan Outcome {
	out := make(chan Outcome)
	at := r.now()
	pending, err := r.detach(name, at)
	if err != nil {
		go func() { out <- Outcome{Err: err} }()
		return out
	}
	go func() {
		a, err := r.archive(name, pending, at)
		out <- Outcome{Archive: a, Err: err}
		if err == nil {
			r.history = append(r.history, a) // RACY
		}
	}()
	return out
}

// History lists rotations made through Rotate and RotateAsync.
func (r *Rotator) History() []Archive { return slices.Clone(r.history) }

// Status returns lifetime counters.
func (r *Rotator) Status() Status {
	s := Status{Rotations: r.rotations.Load(), BytesIn: r.bytesIn, Removed: r.removed}
	r.mu.Lock()
	s.Errors = len(r.errs)
	r.mu.Unlock()
	return s
}
