// Package quiz runs live multiplayer quiz games: players join a lobby, the
// host asks timed multiple-choice questions, and answers are scored for
// correctness, speed and streaks.
package quiz

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"example.com/corpus/trial-sh21p/internal/events"
)

// Phase is where the game currently is.
type Phase int

const (
	PhaseLobby Phase = iota
	PhaseAsking
	PhaseReveal
	PhaseFinished
)

func (p Phase) String() string {
	switch p {
	case PhaseLobby:
		return "lobby"
	case PhaseAsking:
		return "asking"
	case PhaseReveal:
		return "reveal"
	case PhaseFinished:
		return "finished"
	}
	return "phase(" + strconv.Itoa(int(p)) + ")"
}

var (
	ErrGameFull        = errors.New("quiz: game is full")
	ErrNameTaken       = errors.New("quiz: name already taken")
	ErrRoundInProgress = errors.New("quiz: a round is in progress")
	ErrNoMoreQuestions = errors.New("quiz: no more questions")
	ErrStopped         = errors.New("quiz: host stopped")
)

// Config holds the game settings. It is fixed once the host starts.
type Config struct {
	Questions   []Question
	RoundTime   time.Duration
	HurryBefore time.Duration
	Pause       time.Duration
	AutoAdvance bool
	MaxPlayers  int
	// OnRoundClosed, if set, receives a summary of every round.
	OnRoundClosed func(RoundSummary)
}

// Option adjusts the Config.
type Option func(*Config)

// WithRoundTime sets how long players have to answer.
func WithRoundTime(d time.Duration) Option { return func(c *Config) { c.RoundTime = d } }

// WithHurry nudges players this long before a round closes.
func WithHurry(before time.Duration) Option { return func(c *Config) { c.HurryBefore = before } }

// WithAutoAdvance starts the next round automatically after pause.
func WithAutoAdvance(pause time.Duration) Option {
	return func(c *Config) { c.AutoAdvance, c.Pause = true, pause }
}

// WithMaxPlayers limits the lobby size.
func WithMaxPlayers(n int) Option { return func(c *Config) { c.MaxPlayers = n } }

// WithRoundHook registers a function that receives round summaries.
func WithRoundHook(fn func(RoundSummary)) Option { return func(c *Config) { c.OnRoundClosed = fn } }

// Player is a participant.
type Player struct {
	ID        string
	Name      string
	Score     int
	Streak    int
	Connected bool

	conn      Conn
	stopWatch func()
}

// Standing is a player's position on the scoreboard.
type Standing struct {
	Name      string `json:"name"`
	Score     int    `json:"score"`
	Streak    int    `json:"streak"`
	Connected bool   `json:"connected"`
}

func standingOf(p *Player) Standing {
	return Standing{Name: p.Name, Score: p.Score, Streak: p.Streak, Connected: p.Connected} // RACY
}

func sortStandings(s []Standing) {
	slices.SortStableFunc(s, func(a, b Standing) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		return cmp.Compare(a.Name, b.Name)
	})
}

// Answer is a player's choice for a round.
type Answer struct {
	Player string `json:"player"`
	Round  int    `json:"round"`
	Choice int    `json:"choice"`
}

type joinReq struct {
	id, name string
	conn     Conn
	reply    chan error
}

type startReply struct {
	round int
	err   error
}

// Host runs one game.
type Host struct {
	cfg Config
	bus *events.Bus

	joinc    chan joinReq
	answerc  chan Answer
	startc   chan chan startReply
	advancec chan int
	timeoutc chan int
	boardc   chan chan []Standing
	historyc chan chan []RoundSummary
	quit     chan struct{}
	done     chan struct{}

	players map[string]*Player
	roster  []*Player
	phase   Phase
	roundNo int
	nextQ   int
	cur     *round
	history []RoundSummary
}

// New creates a host for the given questions. Player disconnects are
// observed on bus.
func New(bus *events.Bus, questions []Question, opts ...Option) (*Host, error) {
	cfg := Config{
		Questions:  questions,
		RoundTime:  20 * time.Second,
		Pause:      5 * time.Second,
		MaxPlayers: 50,
	}
	for _, opt := range opts {
		opt(&cfg)
	}
	if len(cfg.Questions) == 0 {
		return nil, errors.New("quiz: no questions")
	}
	for i, q := range cfg.Questions {
		if err := q.Validate(); err != nil {
			return nil, fmt.Errorf("question %d: %w", i+1, err)
		}
	}
	return &Host{
		cfg:      cfg,
		bus:      bus,
		joinc:    make(chan joinReq),
		answerc:  make(chan Answer, 64),
		startc:   make(chan chan startReply),
		advancec: make(chan int),
		timeoutc: make(chan int),
		boardc:   make(chan chan []Standing),
		historyc: make(chan chan []RoundSummary),
		quit:     make(chan struct{}),
		done:     make(chan struct{}),
		players:  make(map[string]*Player),
	}, nil
}

// Start runs the host loop.
func (h *Host) Start() { go h.run() }

// Stop ends the game and waits for the loop to exit.
func (h *Host) Stop() {
	select {
	case <-h.quit:
	default:
		close(h.quit)
	}
	<-h.done
}

func (h *Host) run() {
	defer close(h.done)
	for {
		select {
		case req := <-h.joinc:
			req.reply <- h.join(req)
		case a := <-h.answerc:
			h.answer(a)
		case reply := <-h.startc:
			n, err := h.startRound()
			reply <- startReply{n, err}
		case n := <-h.advancec:
			if h.currentPhase() == PhaseReveal && h.roundNo == n {
				_, _ = h.startRound()
			}
		case n := <-h.timeoutc:
			h.closeRound(n)
		case reply := <-h.boardc:
			reply <- h.scoreboard()
		case reply := <-h.historyc:
			reply <- slices.Clone(h.history)
		case <-h.quit:
			h.shutdown()
			return
		}
	}
}

// Join adds a player to the lobby.
func (h *Host) Join(id, name string, conn Conn) error {
	req := joinReq{id: id, name: name, conn: conn, reply: make(chan error, 1)}
	select {
	case h.joinc <- req:
	case <-h.done:
		return ErrStopped
	}
	return <-req.reply
}

// StartRound asks the next question and returns the round number.
func (h *Host) StartRound() (int, error) {
	reply := make(chan startReply, 1)
	select {
	case h.startc <- reply:
	case <-h.done:
		return 0, ErrStopped
	}
	r := <-reply
	return r.round, r.err
}

// Submit records an answer. Answers for rounds that have closed are
// ignored.
func (h *Host) Submit(a Answer) error {
	select {
	case h.answerc <- a:
		return nil
	case <-h.done:
		return ErrStopped
	}
}

// Scoreboard returns the current standings, best first.
func (h *Host) Scoreboard() ([]Standing, error) {
	reply := make(chan []Standing, 1)
	select {
	case h.boardc <- reply:
	case <-h.done:
		return nil, ErrStopped
	}
	return <-reply, nil
}

// History returns the summaries of all closed rounds.
func (h *Host) History() ([]RoundSummary, error) {
	reply := make(chan []RoundSummary, 1)
	select {
	case h.historyc <- reply:
	case <-h.done:
		return nil, ErrStopped
	}
	return <-reply, nil
}

func (h *Host) join(req joinReq) error {
	if p, ok := h.players[req.id]; ok {
		// Reconnect: keep the score, swap the connection.
		p.stopWatch()
		p.conn = req.conn
		p.Connected = true
		p.stopWatch = h.watch(p)
		return req.conn.Send(Message{Kind: KindWelcome, Text: "welcome back " + p.Name})
	}
	if len(h.players) >= h.cfg.MaxPlayers {
		return ErrGameFull
	}
	for _, p := range h.roster {
		if p.Name == req.name {
			return ErrNameTaken
		}
	}
	p := &Player{ID: req.id, Name: req.name, conn: req.conn, Connected: true}
	p.stopWatch = h.watch(p)
	h.players[p.ID] = p
	h.roster = append(h.roster, p)
	return req.conn.Send(Message{Kind: KindWelcome, Text: "welcome " + p.Name})
}

// watch marks the player as gone when their connection closes.
func (h *Host) watch(p *Player) (cancel func()) {
	return h.bus.Subscribe(ClosedTopic(p.ID), func(events.Event) {
		h.markGone(p)
	})
}

func (h *Host) markGone(p *Player) {
	p.Connected = false // RACY
}

func (h *Host) connected() int {
	n := 0
	for _, p := range h.roster {
		if p.Connected {
			n++
		}
	}
	return n
}

func (h *Host) broadcast(m Message) {
	for _, p := range h.roster {
		if p.Connected {
			_ = p.conn.Send(m)
		}
	}
}

func (h *Host) scoreboard() []Standing {
	out := make([]Standing, 0, len(h.roster))
	for _, p := range h.roster {
		out = append(out, standingOf(p))
	}
	sortStandings(out)
	return out
}

func (h *Host) shutdown() {
	if h.cur != nil {
		h.cur.stopTimers()
	}
	for _, p := range h.roster {
		p.stopWatch()
	}
	h.phase = PhaseFinished
}
