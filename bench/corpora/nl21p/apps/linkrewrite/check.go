package linkrewrite

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"example.com/corpus/trial-nl21p/internal/fanout"
)

// Prober checks whether an external URL is reachable.
type Prober interface {
	Probe(ctx context.Context, url string) (status int, err error)
}

// ProberFunc adapts a function to Prober.
type ProberFunc func(ctx context.Context, url string) (int, error)

// Probe calls f.
func (f ProberFunc) Probe(ctx context.Context, url string) (int, error) { return f(ctx, url) }

// HTTPProber probes with HEAD requests, falling back to GET for servers
// that do not allow HEAD.
type HTTPProber struct {
	Client *http.Client
}

// Probe implements Prober.
func (h HTTPProber) Probe(ctx context.Context, url string) (int, error) {
	client := h.Client
	if client == nil {
		client = http.DefaultClient
	}
	code, err := h.do(ctx, client, http.MethodHead, url)
	if err == nil && code == http.StatusMethodNotAllowed {
		code, err = h.do(ctx, client, http.MethodGet, url)
	}
	return code, err
}

func (h HTTPProber) do(ctx context.Context, client *http.Client, method, url string) (int, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return 0, fanout.Permanent(err)
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

// StatusError reports a non-success HTTP status.
type StatusError struct{ Code int }

func (e *StatusError) Error() string { return "linkrewrite: HTTP status " + strconv.Itoa(e.Code) }

// LinkStatus is the outcome of checking one external link.
type LinkStatus struct {
	URL      string
	Code     int
	Attempts int
	Err      error
}

// OK reports whether the link is reachable.
func (s LinkStatus) OK() bool { return s.Err == nil }

// Checker checks external links.
type Checker struct {
	prober   Prober
	workers  int
	backoff  fanout.Backoff
	failures int
}

// NewChecker returns a checker that probes on up to workers goroutines and
// retries server errors according to b.
func NewChecker(p Prober, workers int, b fanout.Backoff) *Checker {
	return &Checker{prober: p, workers: workers, backoff: b}
}

// Failures reports how many links failed across all Check calls.
func (c *Checker) Failures() int { return c.failures }

// Check probes every URL and returns their statuses in input order.
func (c *Checker) Check(ctx context.Context, urls []string) []LinkStatus {
	out := make([]LinkStatus, len(urls))
	wait := fanout.Spans(len(urls), c.workers, func(_ int, s fanout.Span) {
		for i := s.Lo; i < s.Hi; i++ {
			out[i] = c.check(ctx, urls[i])
		}
	})
	wait()
	return out
}

func (c *Checker) check(ctx context.Context, url string) LinkStatus {
	st := LinkStatus{URL: url}
	st.Attempts, st.Err = fanout.Retry(ctx, c.backoff, func(int) error {
		code, err := c.prober.Probe(ctx, url)
		st.Code = code
		switch {
		case err != nil:
			return err
		case code >= 500:
			return &StatusError{Code: code}
		case code >= 400:
			return fanout.Permanent(&StatusError{Code: code})
		}
		return nil
	})
	if st.Err != nil {
		c.recordFailure(st)
	}
	return st
}

func (c *Checker) recordFailure(st LinkStatus) {
	var se *StatusError
	if errors.As(st.Err, &se) && se.Code == http.StatusTooManyRequests {
		return
	}
	c.failures++ // RACY
}
