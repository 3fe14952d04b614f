package par

import (
	"context"
	"errors"
	"time"
)

type permanentError struct{ err error }

func (e *permanentError) Error() string { return e.err.Error() }
func (e *permanentError) Unwrap() error { return e.err }

// Permanent wraps err so that Retry gives up immediately instead of trying
// again.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return &permanentError{err: err}
}

// Retry calls fn until it succeeds, it returns an error wrapped with
// Permanent, attempts calls have failed, or ctx is done. The delay between
// attempts starts at base and doubles each time. The last error from fn is
// returned, unwrapped from Permanent.
func Retry(ctx context.Context, attempts int, base time.Duration, fn func(context.Context) error) error {
	if attempts < 1 {
		attempts = 1
	}
	delay := base
	var err error
	for attempt := 1; ; attempt++ {
		err = fn(ctx)
		if err == nil {
			return nil
		}
		var perm *permanentError
		if errors.As(err, &perm) {
			return perm.err
		}
		if attempt == attempts {
			return err
		}
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return errors.Join(err, ctx.Err())
		case <-t.C:
		}
		delay *= 2
	}
}
