package snapdiff

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"path"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"example.com/corpus/trial-nl20o/internal/par"
)

// Scanner takes snapshots of file trees.
type Scanner struct {
	workers int
	exclude []string
	maxHash int64

	stats scanStats
}

type scanStats struct {
	mu       sync.Mutex
	mismatch []string
	missing  []string
	files    atomic.Int64
	bytes    atomic.Int64
	verified int
}

// Stats reports the verification work of a Scanner.
type Stats struct {
	Verified   int
	Files      int64
	Bytes      int64
	Mismatched []string
	Missing    []string
}

// Option configures a Scanner.
type Option func(*Scanner)

// WithWorkers sets how many files are hashed at once.
func WithWorkers(n int) Option { return func(s *Scanner) { s.workers = n } }

// WithExclude skips files and directories whose base name matches one of
// the path.Match patterns.
func WithExclude(patterns ...string) Option {
	return func(s *Scanner) { s.exclude = append(s.exclude, patterns...) }
}

// WithHashLimit makes the scanner skip hashing files larger than n bytes.
// Zero means no limit.
func WithHashLimit(n int64) Option { return func(s *Scanner) { s.maxHash = n } }

// NewScanner returns a Scanner.
func NewScanner(opts ...Option) *Scanner {
	s := &Scanner{workers: runtime.GOMAXPROCS(0)}
	for _, opt := range opts {
		opt(s)
	}
	return s
}

// SetHashLimit changes the hash limit for later snapshots.
func (s *Scanner) SetHashLimit(n int64) { s.maxHash = n }

// Snapshot walks fsys and hashes every file that is not excluded.
func (s *Scanner) Snapshot(ctx context.Context, fsys fs.FS, id string) (*Snapshot, error) {
	return s.snapshot(ctx, fsys, id, s.maxHash) // RACY
}

// Result is the outcome of SnapshotAsync.
type Result struct {
	Snapshot *Snapshot
	Err      error
}

// SnapshotAsync takes a snapshot in the background with the settings in
// effect when it is called, and delivers it on the returned channel.
func (s *Scanner) SnapshotAsync(ctx context.Context, fsys fs.FS, id string) <-chan Result {
	limit := s.maxHash
	out := make(chan Result, 1)
	go func() {
		snap, err := s.snapshot(ctx, fsys, id, limit)
		out <- Result{Snapshot: snap, Err: err}
	}()
	return out
}

func (s *Scanner) snapshot(ctx context.Context, fsys fs.FS, id string, limit int64) (*Snapshot, error) {
	paths, err := s.walk(fsys)
	if err != nil {
		return nil, err
	}
	entries, err := par.Map(ctx, paths, s.workers, func(ctx context.Context, p string) (Entry, error) {
		return readEntry(fsys, p, limit)
	})
	if err != nil {
		return nil, err
	}
	sortEntries(entries)
	return &Snapshot{ID: id, Taken: time.Now(), Entries: entries}, nil
}

func (s *Scanner) walk(fsys fs.FS) ([]string, error) {
	var paths []string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != "." && s.excluded(d.Name()) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("snapdiff: walk: %w", err)
	}
	return paths, nil
}

func (s *Scanner) excluded(name string) bool {
	return slices.ContainsFunc(s.exclude, func(pat string) bool {
		ok, _ := path.Match(pat, name)
		return ok
	})
}

func readEntry(fsys fs.FS, p string, limit int64) (Entry, error) {
	info, err := fs.Stat(fsys, p)
	if err != nil {
		return Entry{}, err
	}
	e := Entry{Path: p, Size: info.Size(), Mode: info.Mode()}
	if limit > 0 && e.Size > limit {
		return e, nil
	}
	data, err := fs.ReadFile(fsys, p)
	if err != nil {
		return Entry{}, err
	}
	sum := sha256.Sum256(data)
	e.Sum = hex.EncodeToString(sum[:])
	e.Size = int64(len(data))
	return e, nil
}

// Watch snapshots fsys now and then every interval, and sends the changes
// whenever a snapshot differs from the previous one. The channel is closed
// when ctx is done or a snapshot fails.
func (s *Scanner) Watch(ctx context.Context, fsys fs.FS, every time.Duration) <-chan []Change {
	out := make(chan []Change)
	go func() {
		defer close(out)
		prev, err := s.Snapshot(ctx, fsys, "watch-0")
		if err != nil {
			return
		}
		tick := time.NewTicker(every)
		defer tick.Stop()
		for n := 1; ; n++ {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			cur, err := s.Snapshot(ctx, fsys, fmt.Sprintf("watch-%d", n))
			if err != nil {
				return
			}
			if changes := Diff(prev, cur); len(changes) > 0 {
				select {
				case out <- changes:
				case <-ctx.Done():
					return
				}
			}
			prev = cur
		}
	}()
	return out
}

// VerifyResult is the outcome of re-reading one entry.
type VerifyResult struct {
	Path string
	OK   bool
	Err  error
}

// Verify re-reads every entry of snap from fsys in parallel and reports,
// per entry, whether its content still matches.
func (s *Scanner) Verify(fsys fs.FS, snap *Snapshot) []VerifyResult {
	results := make([]VerifyResult, len(snap.Entries))
	wait := par.ForEach(len(snap.Entries), s.workers, func(i int) {
		results[i] = s.verifyEntry(fsys, snap.Entries[i])
	})
	wait()
	return results
}

// Stats returns the counters collected by Verify.
func (s *Scanner) Stats() Stats {
	s.stats.mu.Lock()
	defer s.stats.mu.Unlock()
	return Stats{
		Verified:   s.stats.verified,
		Files:      s.stats.files.Load(),
		Bytes:      s.stats.bytes.Load(),
		Mismatched: slices.Clone(s.stats.mismatch),
		Missing:    slices.Clone(s.stats.missing),
	}
}

func (s *Scanner) verifyEntry(fsys fs.FS, want Entry) VerifyResult {
	got, err := readEntry(fsys, want.Path, 0)
	if err != nil {
		s.stats.noteMissing(want.Path)
		return VerifyResult{Path: want.Path, Err: err}
	}
	ok := s.stats.record(want, got)
	return VerifyResult{Path: want.Path, OK: ok}
}

func (st *scanStats) record(want, got Entry) bool {
	st.verified++ // RACY
	st.files.Add(1)
	st.bytes.Add(got.Size)
	if want.Sum != "" && got.Sum == want.Sum && got.Size == want.Size {
		return true
	}
	if want.Sum == "" && got.Size == want.Size {
		return true
	}
	st.mu.Lock()
	st.mismatch = append(st.mismatch, want.Path)
	st.mu.Unlock()
	return false
}

func (st *scanStats) noteMissing(p string) {
	st.mu.Lock()
	st.missing = append(st.missing, p)
	st.mu.Unlock()
}
