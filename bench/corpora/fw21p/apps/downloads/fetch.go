package downloads

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"sync/atomic"

	tea "charm.land/bubbletea/v2"

	"example.com/corpus/trial-fw21p/internal/transfer"
)

// Fetcher opens a download stream starting at offset. size is the number of
// bytes that will be delivered, or -1 if unknown.
type Fetcher interface {
	Open(ctx context.Context, url string, offset int64) (body io.ReadCloser, size int64, err error)
}

// HTTPFetcher implements Fetcher with net/http and range requests.
type HTTPFetcher struct {
	Client    *http.Client
	UserAgent string
}

// ErrRangeIgnored is returned when the server restarted a resumed download
// from the beginning.
var ErrRangeIgnored = errors.New("server ignored range request")

// Open implements Fetcher.
func (f HTTPFetcher) Open(ctx context.Context, url string, offset int64) (io.ReadCloser, int64, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, 0, err
	}
	if f.UserAgent != "" {
		req.Header.Set("User-Agent", f.UserAgent)
	}
	if offset > 0 {
		req.Header.Set("Range", "bytes="+strconv.FormatInt(offset, 10)+"-")
	}
	c := f.Client
	if c == nil {
		c = http.DefaultClient
	}
	resp, err := c.Do(req)
	if err != nil {
		return nil, 0, err
	}
	switch {
	case offset > 0 && resp.StatusCode == http.StatusOK:
		resp.Body.Close()
		return nil, 0, ErrRangeIgnored
	case resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusPartialContent:
		resp.Body.Close()
		return nil, 0, fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	return resp.Body, resp.ContentLength, nil
}

// request is everything a download command needs, copied off the job.
type request struct {
	id      int
	url     string
	partial string
	dest    string
}

type sizeMsg struct {
	id   int
	size int64
}

type progressMsg struct {
	id int
	n  int64
}

type doneMsg struct {
	id    int
	bytes int64
	err   error
}

// progressWriter forwards every write to the model as a progressMsg.
type progressWriter struct {
	w     io.Writer
	id    int
	send  func(tea.Msg)
	total *atomic.Int64
}

func (p *progressWriter) Write(b []byte) (int, error) {
	n, err := p.w.Write(b)
	if n > 0 {
		p.total.Add(int64(n))
		p.send(progressMsg{id: p.id, n: int64(n)})
	}
	return n, err
}

// fetchInto streams the body for req into its partial file starting at
// offset and renames it into place when complete.
func fetchInto(ctx context.Context, f Fetcher, req request, offset int64, send func(tea.Msg), total *atomic.Int64) tea.Msg {
	body, size, err := f.Open(ctx, req.url, offset)
	if err != nil {
		return doneMsg{id: req.id, err: err}
	}
	defer body.Close()
	if size >= 0 {
		send(sizeMsg{id: req.id, size: offset + size})
	}
	flags := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
	if offset > 0 {
		flags = os.O_WRONLY | os.O_APPEND
	}
	out, err := os.OpenFile(req.partial, flags, 0o644)
	if err != nil {
		return doneMsg{id: req.id, err: err}
	}
	n, err := io.Copy(&progressWriter{w: out, id: req.id, send: send, total: total}, body)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return doneMsg{id: req.id, bytes: n, err: err}
	}
	if err := os.Rename(req.partial, req.dest); err != nil {
		return doneMsg{id: req.id, bytes: n, err: err}
	}
	return doneMsg{id: req.id, bytes: offset + n}
}

// download starts a fresh transfer.
func download(ctx context.Context, f Fetcher, req request, send func(tea.Msg), total *atomic.Int64) tea.Cmd {
	return func() tea.Msg {
		return fetchInto(ctx, f, req, 0, send, total)
	}
}

// resume continues a paused transfer from the bytes already on disk.
func resume(ctx context.Context, f Fetcher, req request, meter *transfer.Meter, send func(tea.Msg), total *atomic.Int64) tea.Cmd {
	return func() tea.Msg {
		var offset int64
		if fi, err := os.Stat(req.partial); err == nil {
			offset = fi.Size()
			meter.Resume(offset)
		}
		return fetchInto(ctx, f, req, offset, send, total)
	}
}
