// Package jobs holds the messages of the ergo example: what a client sends
// the coordinator, and what the coordinator asks of its worker. Messages
// between processes of one node are passed as they are, so they are plain
// Go values; the replies go to the Pid a message names, since HandleInfo is
// not told who sent the message.
package jobs

import "github.com/ergo-services/ergo/etf"

// Submit asks the coordinator to get job ID done (client to coordinator).
type Submit struct{ ID string }

// Work asks the worker to do one attempt at a job; the worker answers From
// with Done or Failed.
type Work struct {
	ID      string
	Attempt int
	From    etf.Pid
}

// Done is the worker's answer when the attempt succeeded.
type Done struct{ ID string }

// Failed is the worker's answer when the attempt failed and may be retried.
type Failed struct {
	ID     string
	Reason string
}

// GetStats asks the coordinator for its counters; it sends Stats to
// ReplyTo.
type GetStats struct{ ReplyTo etf.Pid }

// Stats is the coordinator's answer to GetStats.
type Stats struct {
	Pending  int // submitted, neither done nor given up
	Done     int
	GaveUp   int // failed MaxAttempts times
	Attempts int // attempts sent to the worker, over all jobs
	Retries  int // attempts after the first, over all jobs
}
