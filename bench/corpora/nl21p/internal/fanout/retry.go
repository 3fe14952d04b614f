package fanout

import (
	"context"
	"errors"
	"time"
)

// Backoff configures Retry.
type Backoff struct {
	// Attempts is the total number of calls, including the first one.
	// Values below one are treated as one.
	Attempts int
	// Initial is the pause after the first failure. Zero retries
	// immediately.
	Initial time.Duration
	// Max caps the pause, which doubles after every failure. Zero means
	// no cap.
	Max time.Duration
}

type permanentError struct{ err error }

func (p *permanentError) Error() string { return p.err.Error() }
func (p *permanentError) Unwrap() error { return p.err }

// Permanent marks err as not worth retrying. Retry returns the wrapped error
// immediately.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return &permanentError{err: err}
}

// Retry calls fn until it succeeds, returns a Permanent error, the attempts
// are used up or ctx is done. fn receives the zero-based attempt number. The
// returned int is the number of calls made.
func Retry(ctx context.Context, b Backoff, fn func(attempt int) error) (int, error) {
	attempts := max(b.Attempts, 1)
	delay := b.Initial
	var err error
	for attempt := range attempts {
		if err = fn(attempt); err == nil {
			return attempt + 1, nil
		}
		var perm *permanentError
		if errors.As(err, &perm) {
			return attempt + 1, perm.err
		}
		if attempt == attempts-1 {
			return attempts, err
		}
		if cerr := pause(ctx, delay); cerr != nil {
			return attempt + 1, errors.Join(err, cerr)
		}
		if delay > 0 {
			delay *= 2
			if b.Max > 0 && delay > b.Max {
				delay = b.Max
			}
		}
	}
	return attempts, err
}

func pause(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return context.Cause(ctx)
	case <-t.C:
		return nil
	}
}
