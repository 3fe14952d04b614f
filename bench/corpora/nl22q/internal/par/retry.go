package par

import (
	"context"
	"errors"
	"time"
)

// ErrPermanent can be wrapped by a retried function to stop retrying.
var ErrPermanent = errors.New("permanent failure")

// Retry calls fn until it returns nil, returns an error wrapping
// ErrPermanent, attempts are exhausted or ctx is done. The delay between
// attempts doubles starting at backoff.
func Retry(ctx context.Context, attempts int, backoff time.Duration, fn func(attempt int) error) error {
	if attempts < 1 {
		attempts = 1
	}
	var err error
	for attempt := 1; attempt <= attempts; attempt++ {
		if err = fn(attempt); err == nil || errors.Is(err, ErrPermanent) {
			return err
		}
		if attempt == attempts {
			break
		}
		t := time.NewTimer(backoff)
		select {
		case <-ctx.Done():
			t.Stop()
			return errors.Join(err, ctx.Err())
		case <-t.C:
		}
		backoff *= 2
	}
	return err
}
