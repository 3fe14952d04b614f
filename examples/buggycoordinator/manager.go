package main

import (
	"github.com/confinecheck/confinecheck/runtime/execution"
	"github.com/confinecheck/confinecheck/runtime/future"
)

// buggyManager terminates regions the way the original coordinator did.
// Everything but the two racy continuations is the runtime's RegionManager.
//
//confined:owner
type buggyManager struct {
	// Set once, before the manager reaches the loop.
	//
	//confined:any
	*execution.RegionManager
}

func (m buggyManager) TerminateRegion(r *execution.RegionExecution) *future.Future[struct{}] {
	return m.terminateWorkersWithRetry(r, 1)
}

func (m buggyManager) terminateWorkersWithRetry(r *execution.RegionExecution, attempt int) *future.Future[struct{}] {
	return m.terminateWorkers(r).Rescue(func(err error) *future.Future[struct{}] {
		if err := m.GiveUp(r, attempt, err); err != nil {
			return future.Failed[struct{}](err)
		}
		cfg := m.Config()
		// BUG: Sleep completes on the timer's goroutine, and so does this
		// callback: the retry uses the RPC client and the gateway there.
		return future.Sleep(cfg.Timer, cfg.RetryDelay).FlatMap(func(struct{}) *future.Future[struct{}] {
			return m.terminateWorkersWithRetry(r, attempt+1)
		})
	})
}

func (m buggyManager) terminateWorkers(r *execution.RegionExecution) *future.Future[struct{}] {
	return m.EndWorkers(r).FlatMap(func(struct{}) *future.Future[struct{}] {
		return r.StopWorkers(m.stopAndMark)
	})
}

// stopAndMark marks w TERMINATED when its graceful stop completes.
func (m buggyManager) stopAndMark(w *execution.WorkerExecution) *future.Future[struct{}] {
	stopped := m.StopWorker(w)
	stopped.OnComplete(func(struct{}, error) {
		// BUG: the stop completes on the worker's goroutine, while the
		// loop reads worker states for every statistics query.
		w.SetState(execution.Terminated)
	})
	return stopped
}
