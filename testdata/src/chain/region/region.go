package region // want package:`hop sinks: actor\.Hop}$`
// This package terminates workers with retries: the bug and its fix.

import (
	"actor"
	"chain/rpc"
	"future"
	"time"
)

type Manager struct {
	self    *actor.Ref
	client  *rpc.Client
	workers []string
}

// terminate runs on the owner: the replies are fulfilled by its loop.
func (m *Manager) terminate() *future.Future[int] {
	var replies []*future.Future[int]
	for _, w := range m.workers {
		replies = append(replies, m.client.EndWorker(w))
	}
	out := future.New[int]()
	future.Collect(replies).Map(func(v []int) []int {
		m.client.EndWorker("again") // on the owner: the replies complete there
		return v
	}).OnComplete(func(v []int) { out.Complete(len(v)) })
	return out
}

// terminateWithRetry is the bug: every retry runs on the timer's goroutine.
func (m *Manager) terminateWithRetry(attempt int) *future.Future[int] {
	if attempt > 3 {
		return m.terminate()
	}
	return future.Sleep(time.Millisecond, 0).FlatMap(func(int) *future.Future[int] {
		return m.terminateWithRetry(attempt + 1) // want `calls confined \(\*netstate.Gateway\).Next off the owner: this code runs via a callback of \(\*future.Future\[T\]\).FlatMap on a future that completes off the owner \(region.go:36\); path \(\*region.Manager\).terminateWithRetry → \(\*region.Manager\).terminate → \(\*rpc.Client\).EndWorker → \(\*rpc.Client\).send → \(\*rpc.Client\).stamp → \(\*netstate.Gateway\).Next(; inside, [^;]*)?; fix: hop back to the owner through`
	})
}

// terminateWithHop is the fix: the timer only wakes the owner.
func (m *Manager) terminateWithHop(attempt int) *future.Future[int] {
	if attempt > 3 {
		return m.terminate()
	}
	return future.Sleep(time.Millisecond, 0).FlatMap(func(int) *future.Future[int] {
		return actor.Hop(m.self, func() *future.Future[int] { return m.terminateWithHop(attempt + 1) })
	})
}
