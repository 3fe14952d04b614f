package main

import (
	"github.com/confinecheck/confinecheck/runtime/execution"
	"github.com/confinecheck/confinecheck/runtime/future"
)

// buggyManager terminates regions the way the original coordinator did.
// Everything but the two racy continuations is the runtime's RegionManager.
//
//confined:owner
type buggyManager struct { // want buggyManager:"confined:owner"
	// Set once, before the manager reaches the loop.
	//
	//confined:any
	*execution.RegionManager // want RegionManager:"confined:any"
}

func (m buggyManager) TerminateRegion(r *execution.RegionExecution) *future.Future[struct{}] { // want TerminateRegion:`summary\(arg0 calls \(main.buggyManager\).terminateWorkersWithRetry; arg1 calls \(main.buggyManager\).terminateWorkersWithRetry; invokes arg0; completes async\)`
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
	return m.EndWorkers(r).FlatMap(func(struct{}) *future.Future[struct{}] { // want `calls confined \(main.buggyManager\).terminateWorkersWithRetry off the owner: this code runs via a callback of \(\*future.Future\[T\]\).FlatMap on a future that completes off the owner \(manager.go:31\); inside, it writes network.OutputGateway.idToSequenceNums, writes rpc.Client.promiseID, writes rpc.Client.unfulfilledPromises, reads network.OutputGateway.deliver; fix: hop back to the owner through actor\.Hop and touch the state there$`
		return r.StopWorkers(m.stopAndMark)
	})
}

// stopAndMark marks w TERMINATED when its graceful stop completes.
func (m buggyManager) stopAndMark(w *execution.WorkerExecution) *future.Future[struct{}] {
	stopped := m.StopWorker(w)
	stopped.OnComplete(func(struct{}, error) {
		// BUG: the stop completes on the worker's goroutine, while the
		// loop reads worker states for every statistics query.
		w.SetState(execution.Terminated) // want `calls confined \(\*execution.WorkerExecution\).SetState off the owner: this code runs via a callback of \(\*future.Future\[T\]\).OnComplete on a future that completes off the owner \(manager.go:46\); inside, it writes execution.WorkerExecution.state`
	})
	return stopped
}
