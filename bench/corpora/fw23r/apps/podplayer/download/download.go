// Package download fetches podcast audio files in the background.
package download

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync/atomic"
)

// Source opens a remote file and reports its size.
type Source interface {
	Open(ctx context.Context, url string) (io.ReadCloser, int64, error)
}

// Job is one file being downloaded.
type Job struct {
	URL      string
	Total    int64
	Received int64
	Err      error
	done     chan struct{}
}

// Done is closed when the job has finished, successfully or not.
func (j *Job) Done() <-chan struct{} { return j.done }

// Fraction is how much of the file has arrived, from 0 to 1.
func (j *Job) Fraction() float32 {
	if j.Total <= 0 {
		return 0
	}
	f := float32(j.Received) / float32(j.Total)
	if f > 1 {
		f = 1
	}
	return f
}

// Meter counts bytes across all jobs, for the data-usage display.
type Meter struct {
	bytes atomic.Int64
	files atomic.Int32
}

// Bytes is the total received so far.
func (m *Meter) Bytes() int64 { return m.bytes.Load() }

// Files is the number of completed downloads.
func (m *Meter) Files() int32 { return m.files.Load() }

// Fetcher runs downloads.
type Fetcher struct {
	src       Source
	chunkSize int
	meter     *Meter
}

// Option configures a Fetcher.
type Option func(*Fetcher)

// WithChunkSize sets the read size.
func WithChunkSize(n int) Option { return func(f *Fetcher) { f.chunkSize = n } }

// WithMeter counts every byte received into m.
func WithMeter(m *Meter) Option { return func(f *Fetcher) { f.meter = m } }

// NewFetcher returns a fetcher reading from src.
func NewFetcher(src Source, opts ...Option) *Fetcher {
	f := &Fetcher{src: src, chunkSize: 32 << 10, meter: &Meter{}}
	for _, opt := range opts {
		opt(f)
	}
	return f
}

// Meter returns the fetcher's byte meter.
func (f *Fetcher) Meter() *Meter { return f.meter }

// ErrShort is returned when the server sends fewer bytes than announced.
var ErrShort = errors.New("download: short body")

// Start begins downloading url into dst and returns at once.
func (f *Fetcher) Start(ctx context.Context, url string, size int64, dst io.Writer) *Job {
	j := &Job{URL: url, Total: size, done: make(chan struct{})}
	go f.run(ctx, j, dst)
	return j
}

func (f *Fetcher) run(ctx context.Context, j *Job, dst io.Writer) {
	defer close(j.done)
	body, size, err := f.src.Open(ctx, j.URL)
	if err != nil {
		j.Err = fmt.Errorf("download %s: %w", j.URL, err)
		return
	}
	defer body.Close()
	want := size
	if want <= 0 {
		want = j.Total
	}
	buf := make([]byte, f.chunkSize)
	var got int64
	for {
		if err := ctx.Err(); err != nil {
			j.Err = err
			return
		}
		n, rerr := body.Read(buf)
		if n > 0 {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				j.Err = werr
				return
			}
			got += int64(n)
			f.meter.bytes.Add(int64(n))
			j.Received += int64(n) // RACY
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			j.Err = rerr
			return
		}
	}
	if want > 0 && got < want {
		j.Err = fmt.Errorf("%w: %d of %d bytes", ErrShort, got, want)
		return
	}
	f.meter.files.Add(1)
}
