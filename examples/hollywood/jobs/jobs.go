// Package jobs holds the messages of the hollywood example: what a client
// sends the coordinator, and what the coordinator asks of its worker.
// hollywood's local engine passes messages as they are, so they are plain
// Go values.
package jobs

// Submit asks the coordinator to get job ID done (client to coordinator).
type Submit struct{ ID string }

// Work asks the worker to do one attempt at a job. The coordinator sends
// it with Context.Send, so the worker's Context.Respond answers the
// coordinator, with Done or Failed.
type Work struct {
	ID      string
	Attempt int
}

// Done is the worker's answer when the attempt succeeded.
type Done struct{ ID string }

// Failed is the worker's answer when the attempt failed and may be retried.
type Failed struct {
	ID     string
	Reason string
}

// GetStats asks the coordinator for its counters; it responds to the
// sender with Stats.
type GetStats struct{}

// Stats is the coordinator's answer to GetStats.
type Stats struct {
	Pending  int // submitted, neither done nor given up
	Done     int
	GaveUp   int // failed MaxAttempts times
	Attempts int // attempts sent to the worker, over all jobs
	Retries  int // attempts after the first, over all jobs
}
