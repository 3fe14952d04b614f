// Package worker runs jobs in an actor's turns and tells its Tracker
// about each one there. It imports neither dispatch nor app.
package worker

import "github.com/anthdm/hollywood/actor"

// Tracker is told about finished jobs, in the worker's turns.
type Tracker interface{ JobFinished(id string) } // want JobFinished:`called in the turns of Worker` JobFinished:`summary\(arg0 calls \(\*worker\.Worker\)\.JobFinished if arg0 is turnwired/worker\.Worker\)`

// Observer is handed to the worker, which never calls it in a turn.
type Observer interface{ Seen(id string) }

// A Worker is an actor.
type Worker struct {
	Tracker  Tracker
	Observer Observer
	done     int
}

func (w *Worker) Receive(c *actor.Context) { // want Receive:`summary\(arg0 writes worker\.Worker\.done; arg1 calls \(\*actor\.Context\)\.Message\)`
	if id, ok := c.Message().(string); ok {
		w.done++
		w.report(id)
	}
}

// report is a helper of the turn: the call runs in the turn too.
func (w *Worker) report(id string) { w.Tracker.JobFinished(id) }

// JobFinished makes a worker its own tracker.
func (w *Worker) JobFinished(id string) { w.done++ } // want JobFinished:`summary\(arg0 writes worker\.Worker\.done\)`
