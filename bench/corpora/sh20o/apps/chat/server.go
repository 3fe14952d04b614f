package chat

import (
	"errors"
	"net/http"
	"slices"
	"sync"
	"time"

	"example.com/corpus/trial-sh20o/internal/httpx"
)

// Server hosts a set of rooms.
type Server struct {
	motd    string
	opts    []Option
	limiter *Limiter

	mu    sync.RWMutex
	rooms map[string]*Room
}

// NewServer returns a server whose rooms are created with opts.
func NewServer(motd string, limiter *Limiter, opts ...Option) *Server {
	return &Server{
		motd:    motd,
		opts:    opts,
		limiter: limiter,
		rooms:   make(map[string]*Room),
	}
}

// Room returns the named room, creating it on first use.
func (s *Server) Room(name string) *Room {
	if r := s.lookup(name); r != nil {
		return r
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if r, ok := s.rooms[name]; ok {
		return r
	}
	opts := append(slices.Clone(s.opts), WithLimiter(s.limiter))
	r := NewRoom(name, opts...)
	s.rooms[name] = r
	return r
}

func (s *Server) lookup(name string) *Room {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.rooms[name]
}

// RoomNames lists the open rooms.
func (s *Server) RoomNames() []string {
	s.mu.RLock()
	names := make([]string, 0, len(s.rooms))
	for name := range s.rooms {
		names = append(names, name)
	}
	s.mu.RUnlock()
	slices.Sort(names)
	return names
}

// Close shuts every room down.
func (s *Server) Close() {
	s.mu.Lock()
	rooms := s.rooms
	s.rooms = make(map[string]*Room)
	s.mu.Unlock()
	for _, r := range rooms {
		r.Close()
	}
}

// RoomInfo describes a room.
type RoomInfo struct {
	Name    string    `json:"name"`
	Topic   string    `json:"topic"`
	Created time.Time `json:"created"`
}

// Handler returns the HTTP API.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /motd", s.handleMotd)
	mux.HandleFunc("GET /rooms", s.handleRooms)
	mux.HandleFunc("GET /rooms/{name}", s.handleRoom)
	mux.HandleFunc("GET /rooms/{name}/members", s.handleMembers)
	mux.HandleFunc("GET /rooms/{name}/history", s.handleHistory)
	mux.HandleFunc("POST /rooms/{name}/messages", s.handlePost)
	return mux
}

func (s *Server) handleMotd(w http.ResponseWriter, r *http.Request) {
	httpx.WriteJSON(w, http.StatusOK, map[string]string{"motd": s.motd})
}

func (s *Server) handleRooms(w http.ResponseWriter, r *http.Request) {
	httpx.WriteJSON(w, http.StatusOK, s.RoomNames())
}

func (s *Server) handleRoom(w http.ResponseWriter, r *http.Request) {
	room := s.lookup(r.PathValue("name"))
	if room == nil {
		httpx.Error(w, http.StatusNotFound, "no room %q", r.PathValue("name"))
		return
	}
	httpx.WriteJSON(w, http.StatusOK, describeRoom(room))
}

func describeRoom(room *Room) RoomInfo {
	return RoomInfo{Name: room.Name(), Topic: room.Topic(), Created: room.Created()}
}

func (s *Server) handleMembers(w http.ResponseWriter, r *http.Request) {
	room := s.lookup(r.PathValue("name"))
	if room == nil {
		httpx.Error(w, http.StatusNotFound, "no room %q", r.PathValue("name"))
		return
	}
	members, err := room.Members()
	if err != nil {
		httpx.Error(w, http.StatusGone, "%v", err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, members)
}

func (s *Server) handleHistory(w http.ResponseWriter, r *http.Request) {
	room := s.lookup(r.PathValue("name"))
	if room == nil {
		httpx.Error(w, http.StatusNotFound, "no room %q", r.PathValue("name"))
		return
	}
	n, err := httpx.IntParam(r, "n", 50)
	if err != nil {
		httpx.Error(w, http.StatusBadRequest, "%v", err)
		return
	}
	msgs, err := room.History(n)
	if err != nil {
		httpx.Error(w, http.StatusGone, "%v", err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, msgs)
}

type postBody struct {
	Nick string `json:"nick"`
	Text string `json:"text"`
}

func (s *Server) handlePost(w http.ResponseWriter, r *http.Request) {
	room := s.lookup(r.PathValue("name"))
	if room == nil {
		httpx.Error(w, http.StatusNotFound, "no room %q", r.PathValue("name"))
		return
	}
	var body postBody
	if err := httpx.DecodeJSON(r, &body); err != nil {
		httpx.Error(w, http.StatusBadRequest, "%v", err)
		return
	}
	switch err := room.Say(body.Nick, body.Text); {
	case err == nil:
		w.WriteHeader(http.StatusAccepted)
	case errors.Is(err, ErrRateLimited):
		httpx.Error(w, http.StatusTooManyRequests, "%v", err)
	case errors.Is(err, ErrEmpty):
		httpx.Error(w, http.StatusBadRequest, "%v", err)
	default:
		httpx.Error(w, http.StatusGone, "%v", err)
	}
}
