// Package jobs holds the messages of the protoactor example: what a client
// sends the coordinator, and what the coordinator asks of its worker.
package jobs

// Submit asks the coordinator to get job ID done (client to coordinator).
type Submit struct{ ID string }

// Work asks the worker to do one attempt at a job (a request from the
// coordinator; the worker responds with Done or Failed).
type Work struct {
	ID      string
	Attempt int
}

// Done is the worker's reply when the attempt succeeded.
type Done struct{ ID string }

// Failed is the worker's reply when the attempt failed and may be retried.
type Failed struct {
	ID     string
	Reason string
}

// GetStats asks the coordinator for its counters (a request; it responds
// with Stats).
type GetStats struct{}

// Stats is the coordinator's reply to GetStats.
type Stats struct {
	Pending int // submitted, neither done nor given up
	Done    int
	GaveUp  int // failed MaxAttempts times, or past their deadline
	Retries int // attempts after the first, over all jobs
}
