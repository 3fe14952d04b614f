package solarlog

import (
	"context"
	"fmt"
	"time"

	"example.com/corpus/trial-nl23r/internal/fanout"
)

// Sink receives finished daily reports, for example a monitoring portal.
type Sink interface {
	Send(ctx context.Context, rep DailyReport) error
}

// retryDelay is the pause before the first retry of a failed upload.
var retryDelay = time.Millisecond

// Publish uploads rep to sink in the background, retrying failed
// attempts. The outcome is available from PublishErr.
func (a *Aggregator) Publish(ctx context.Context, sink Sink, rep DailyReport) {
	go func() {
		err := fanout.Retry(ctx, 3, retryDelay, func(attempt int) error {
			return sink.Send(ctx, rep)
		})
		a.setPublishErr(err)
	}()
}

func (a *Aggregator) setPublishErr(err error) {
	if err != nil {
		err = fmt.Errorf("publish %s: %w", a.opts.loc.String(), err)
	}
	a.publishErr = err // RACY
}

// PublishErr returns the outcome of the last upload.
func (a *Aggregator) PublishErr() error { return a.publishErr }

// PublishAsync uploads rep like Publish and delivers the outcome on the
// returned channel.
func (a *Aggregator) PublishAsync(ctx context.Context, sink Sink, rep DailyReport) <-chan error {
	ch := make(chan error, 1)
	go func() {
		ch <- fanout.Retry(ctx, 3, retryDelay, func(int) error { return sink.Send(ctx, rep) })
	}()
	return ch
}
