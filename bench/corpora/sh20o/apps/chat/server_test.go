package chat

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

func getJSON(t *testing.T, url string, v any) int {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	if v != nil && resp.StatusCode == http.StatusOK {
		if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
			t.Fatalf("decode: %v", err)
		}
	}
	return resp.StatusCode
}

func newTestServer(t *testing.T) (*Server, *httptest.Server) {
	t.Helper()
	s := NewServer("welcome to the test server", NewLimiter(1000, 1000))
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(func() {
		srv.Close()
		s.Close()
	})
	return s, srv
}

func TestServerRoomsAndMotd(t *testing.T) {
	s, srv := newTestServer(t)
	var wg sync.WaitGroup
	for i := range 5 {
		wg.Go(func() { s.Room(fmt.Sprintf("room%d", i%3)) })
	}
	for range 5 {
		var names []string
		getJSON(t, srv.URL+"/rooms", &names)
	}
	wg.Wait()
	var names []string
	getJSON(t, srv.URL+"/rooms", &names)
	if len(names) != 3 || names[0] != "room0" {
		t.Fatalf("rooms = %v", names)
	}
	var motd map[string]string
	getJSON(t, srv.URL+"/motd", &motd)
	if motd["motd"] != "welcome to the test server" {
		t.Fatalf("motd = %v", motd)
	}
	if code := getJSON(t, srv.URL+"/rooms/nowhere", nil); code != http.StatusNotFound {
		t.Fatalf("missing room status %d", code)
	}
}

func TestHistoryAndMembersEndpoints(t *testing.T) {
	s, srv := newTestServer(t)
	room := s.Room("lobby")
	mustJoin(t, room, "ann", io.Discard)

	var wg sync.WaitGroup
	wg.Go(func() {
		for i := range 20 {
			body, _ := json.Marshal(postBody{Nick: "ann", Text: fmt.Sprintf("via http %d", i)})
			resp, err := http.Post(srv.URL+"/rooms/lobby/messages", "application/json", bytes.NewReader(body))
			if err != nil {
				t.Errorf("post: %v", err)
				return
			}
			resp.Body.Close()
		}
	})
	for range 10 {
		var members []MemberInfo
		getJSON(t, srv.URL+"/rooms/lobby/members", &members)
		var msgs []Message
		getJSON(t, srv.URL+"/rooms/lobby/history?n=3", &msgs)
		time.Sleep(time.Millisecond)
	}
	wg.Wait()
	ok := eventually(2*time.Second, func() bool {
		var msgs []Message
		getJSON(t, srv.URL+"/rooms/lobby/history?n=1", &msgs)
		return len(msgs) == 1 && msgs[0].Text == "via http 19"
	})
	if !ok {
		t.Fatal("last message never showed up in history")
	}
	var members []MemberInfo
	getJSON(t, srv.URL+"/rooms/lobby/members", &members)
	if len(members) != 1 || members[0].Sent != 20 {
		t.Fatalf("members = %+v", members)
	}
}

func TestRoomEndpointShowsTopic(t *testing.T) {
	s, srv := newTestServer(t)
	room := s.Room("lobby")
	mustJoin(t, room, "op", io.Discard)

	var wg sync.WaitGroup
	wg.Go(func() {
		for i := range 30 {
			_ = room.Say("op", fmt.Sprintf("/topic release %d", i))
			time.Sleep(time.Millisecond)
		}
	})
	var info RoomInfo
	for range 20 {
		if code := getJSON(t, srv.URL+"/rooms/lobby", &info); code != http.StatusOK {
			t.Fatalf("status %d", code)
		}
		time.Sleep(time.Millisecond)
	}
	wg.Wait()
	ok := eventually(2*time.Second, func() bool {
		getJSON(t, srv.URL+"/rooms/lobby", &info)
		return info.Topic == "release 29"
	})
	if !ok {
		t.Fatalf("topic = %q", info.Topic)
	}
}
