package chat

import (
	"fmt"
	"io"
	"testing"
	"time"
)

func TestJanitorKeepsActiveMembers(t *testing.T) {
	r := newTestRoom(t)
	mustJoin(t, r, "ann", io.Discard)
	mustJoin(t, r, "bob", io.Discard)

	stop := r.StartJanitor(time.Millisecond, time.Hour)
	for i := range 30 {
		if err := r.Say("ann", fmt.Sprintf("tick %d", i)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Millisecond)
	}
	stop()
	members, err := r.Members()
	if err != nil {
		t.Fatal(err)
	}
	if len(members) != 2 {
		t.Fatalf("members = %+v", members)
	}
}
