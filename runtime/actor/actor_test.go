package actor_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/confinecheck/confinecheck/runtime/actor"
	"github.com/confinecheck/confinecheck/runtime/future"
)

// TestOneTurnAtATime checks that messages, Execute and Hop turns run in the
// order they were queued, on the loop, and that Stop lets the queue drain
// and then drops what comes later.
func TestOneTurnAtATime(t *testing.T) {
	ref := actor.New()
	var seen []string // touched by the loop only, then read after it stopped
	ref.Tell("queued before Start")
	ref.Start(func(msg any) { seen = append(seen, msg.(string)) })
	ref.Execute(func() { seen = append(seen, "executed") })
	hopped := actor.Hop(ref, func() *future.Future[int] {
		seen = append(seen, "hopped")
		return future.Value(len(seen))
	})
	ref.Tell("told")
	stopped := ref.Stop()
	ref.Tell("after Stop")

	select {
	case <-stopped:
	case <-time.After(5 * time.Second):
		t.Fatal("the loop did not stop")
	}
	want := []string{"queued before Start", "executed", "hopped", "told"}
	if !slices.Equal(seen, want) {
		t.Errorf("the loop saw %q, want %q", seen, want)
	}
	if n, err := hopped.Await(context.Background()); n != 3 || err != nil {
		t.Errorf("Hop = %v, %v; want 3, nil", n, err)
	}
}
