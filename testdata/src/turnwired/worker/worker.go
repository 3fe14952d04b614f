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
	// OnIdle, when set, is called in the worker's turns after each job.
	OnIdle func() // want OnIdle:`called in the turns of Worker`
	// OnStop is never called in a turn.
	OnStop func()
	done   int
}

func (w *Worker) Receive(c *actor.Context) { // want Receive:`summary\(arg0 writes worker\.Worker\.done; arg1 calls \(\*actor\.Context\)\.Message; invokes arg0; calls field turnwired/worker\.Worker\.UF2\)`
	if id, ok := c.Message().(string); ok {
		w.done++
		w.report(id)
	}
}

// report is a helper of the turn: the calls run in the turn too.
func (w *Worker) report(id string) {
	w.Tracker.JobFinished(id)
	if w.OnIdle != nil {
		w.OnIdle()
	}
}

// JobFinished makes a worker its own tracker.
func (w *Worker) JobFinished(id string) { w.done++ } // want JobFinished:`summary\(arg0 writes worker\.Worker\.done\)`
