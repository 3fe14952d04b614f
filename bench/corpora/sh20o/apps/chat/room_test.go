package chat

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestJoinSayAndHistory(t *testing.T) {
	r := newTestRoom(t, WithTopic("general"))
	var ann, bob syncBuffer
	mustJoin(t, r, "ann", &ann)
	mustJoin(t, r, "bob", &bob)

	if err := r.Say("ann", "hello bob"); err != nil {
		t.Fatal(err)
	}
	bob.waitFor(t, "<ann> hello bob")
	ann.waitFor(t, "Topic: general")

	h, err := r.History(0)
	if err != nil {
		t.Fatal(err)
	}
	last := h[len(h)-1]
	if last.From != "ann" || last.Text != "hello bob" || last.Seq != uint64(len(h)) {
		t.Fatalf("last = %+v (len %d)", last, len(h))
	}
	if _, err := r.Join("ann", io.Discard); !errors.Is(err, ErrNickInUse) {
		t.Fatalf("duplicate join: %v", err)
	}
	if _, err := r.Join("bad nick", io.Discard); !errors.Is(err, ErrBadNick) {
		t.Fatalf("bad nick: %v", err)
	}
}

func TestHistoryReturnsCopies(t *testing.T) {
	r := newTestRoom(t, WithConfig(Config{MaxHistory: 10, Outbox: 64}))
	mustJoin(t, r, "ann", io.Discard)

	var wg sync.WaitGroup
	wg.Go(func() {
		for i := range 40 {
			_ = r.Say("ann", fmt.Sprintf("line %d", i))
			time.Sleep(200 * time.Microsecond)
		}
	})
	for range 20 {
		h, err := r.History(5)
		if err != nil {
			t.Fatal(err)
		}
		for i := range h {
			h[i].Text = "scribbled"
		}
		time.Sleep(500 * time.Microsecond)
	}
	wg.Wait()
	var h []Message
	eventually(2*time.Second, func() bool {
		h, _ = r.History(0)
		return len(h) == 10 && h[9].Text == "line 39"
	})
	if len(h) != 10 {
		t.Fatalf("retained %d messages", len(h))
	}
	for _, m := range h {
		if m.Text == "scribbled" {
			t.Fatal("history shares memory with callers")
		}
	}
	if h[9].Text != "line 39" {
		t.Fatalf("newest = %q", h[9].Text)
	}
}

func TestMembersWhileJoiningAndLeaving(t *testing.T) {
	r := newTestRoom(t)
	var wg sync.WaitGroup
	for i := range 6 {
		wg.Go(func() {
			nick := fmt.Sprintf("user%d", i)
			if _, err := r.Join(nick, io.Discard); err != nil {
				t.Errorf("join: %v", err)
				return
			}
			_ = r.Say(nick, "hi")
			if i%2 == 0 {
				if err := r.Leave(nick); err != nil {
					t.Errorf("leave: %v", err)
				}
			}
		})
	}
	for range 10 {
		if _, err := r.Members(); err != nil {
			t.Fatal(err)
		}
	}
	wg.Wait()
	members, _ := r.Members()
	if len(members) != 3 || members[0].Nick != "user1" {
		t.Fatalf("members = %+v", members)
	}
	st, _ := r.Stats()
	if st.Joined != 6 || st.Left != 3 {
		t.Fatalf("stats = %+v", st)
	}
}

func TestLeaveFlushesQueuedLines(t *testing.T) {
	r := newTestRoom(t)
	w := &slowWriter{delay: time.Millisecond}
	mustJoin(t, r, "slow", w)
	mustJoin(t, r, "fast", io.Discard)
	for i := range 5 {
		if err := r.Say("fast", fmt.Sprintf("msg %d", i)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := r.History(0); err != nil {
		t.Fatal(err)
	}
	if err := r.Leave("slow"); err != nil {
		t.Fatal(err)
	}
	st, _ := r.Stats()
	if st.BytesOut == 0 || st.BytesOut != w.n {
		t.Fatalf("bytes out = %d, writer saw %d", st.BytesOut, w.n)
	}
	if err := r.Leave("slow"); !errors.Is(err, ErrNotMember) {
		t.Fatalf("second leave: %v", err)
	}
}

func TestIdleTimeoutPartsSilentMembers(t *testing.T) {
	r := newTestRoom(t, WithIdleTimeout(50*time.Millisecond))
	mustJoin(t, r, "chatty", io.Discard)
	mustJoin(t, r, "quiet", io.Discard)

	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			_ = r.Say("chatty", "still here")
			time.Sleep(2 * time.Millisecond)
		}
	})
	ok := eventually(2*time.Second, func() bool {
		m, _ := r.Members()
		return len(m) == 1
	})
	close(stop)
	wg.Wait()
	if !ok {
		t.Fatal("quiet member was never parted")
	}
	m, _ := r.Members()
	if m[0].Nick != "chatty" {
		t.Fatalf("remaining = %+v", m)
	}
}

func TestSharedLimiter(t *testing.T) {
	lim := NewLimiter(0.001, 5)
	r := newTestRoom(t, WithLimiter(lim))
	mustJoin(t, r, "spammer", io.Discard)

	var wg sync.WaitGroup
	var mu sync.Mutex
	accepted := 0
	for range 4 {
		wg.Go(func() {
			for range 5 {
				if r.Say("spammer", "buy now") == nil {
					mu.Lock()
					accepted++
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	if accepted != 5 {
		t.Fatalf("accepted %d, want 5", accepted)
	}
}

func TestFilterAndCommands(t *testing.T) {
	r := newTestRoom(t, WithFilter(NewWordFilter("darn")))
	var out syncBuffer
	mustJoin(t, r, "ann", &out)
	mustJoin(t, r, "bob", io.Discard)

	for _, line := range []string{"well darn it", "/me waves", "/names", "/dance"} {
		if err := r.Say("ann", line); err != nil {
			t.Fatal(err)
		}
	}
	out.waitFor(t, "Unknown command /dance")
	text := out.String()
	for _, want := range []string{"<ann> well **** it", "* ann waves", "Members: ann, bob"} {
		if !strings.Contains(text, want) {
			t.Fatalf("missing %q in:\n%s", want, text)
		}
	}
}

func TestCloseDisconnectsEveryone(t *testing.T) {
	r := NewRoom("ephemeral")
	var out syncBuffer
	mustJoin(t, r, "ann", &out)
	r.Close()
	if !strings.Contains(out.String(), "Room closing") {
		t.Fatalf("output = %q", out.String())
	}
	if err := r.Say("ann", "anyone?"); !errors.Is(err, ErrClosed) {
		t.Fatalf("say after close: %v", err)
	}
}

func TestMemberCountsOwnMessages(t *testing.T) {
	r := newTestRoom(t)
	ann := mustJoin(t, r, "ann", io.Discard)
	for i := range 5 {
		if err := r.Say("ann", fmt.Sprintf("point %d", i)); err != nil {
			t.Fatal(err)
		}
	}
	if !eventually(2*time.Second, func() bool { return ann.MessagesSent() == 5 }) {
		t.Fatalf("sent = %d", ann.MessagesSent())
	}
}

func TestDeliveredCountTracksWrites(t *testing.T) {
	r := newTestRoom(t, WithDeliveryTracking())
	mustJoin(t, r, "ann", io.Discard)
	for i := range 10 {
		if err := r.Say("ann", fmt.Sprintf("note to self %d", i)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Millisecond)
	}
	// The topic line, ann's join notice and her ten lines.
	want := 12
	ok := eventually(2*time.Second, func() bool {
		st, err := r.Stats()
		return err == nil && st.Delivered == want
	})
	if !ok {
		st, _ := r.Stats()
		t.Fatalf("delivered = %d, want %d", st.Delivered, want)
	}
}
