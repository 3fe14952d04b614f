package quiz

import (
	"errors"
	"sync"
	"time"

	"example.com/corpus/trial-sh21p/internal/events"
)

// Message kinds sent to players.
const (
	KindWelcome  = "welcome"
	KindQuestion = "question"
	KindAck      = "ack"
	KindHurry    = "hurry"
	KindReveal   = "reveal"
	KindGameOver = "game-over"
)

// Message is sent from the host to a player.
type Message struct {
	Kind      string     `json:"kind"`
	Round     int        `json:"round,omitempty"`
	Prompt    string     `json:"prompt,omitempty"`
	Choices   []string   `json:"choices,omitempty"`
	Text      string     `json:"text,omitempty"`
	Correct   int        `json:"correct,omitempty"`
	Standings []Standing `json:"standings,omitempty"`
}

// Conn delivers messages to one player.
type Conn interface {
	Send(Message) error
}

var (
	ErrConnClosed   = errors.New("quiz: connection closed")
	ErrSlowConsumer = errors.New("quiz: player is not reading")
)

// ClosedTopic is the bus topic on which a connection announces that the
// player went away.
func ClosedTopic(connID string) string { return "quiz.conn.closed/" + connID }

// Pipe is an in-memory player connection. The lobby server bridges
// websocket sessions onto pipes; tests use them directly.
type Pipe struct {
	id  string
	bus *events.Bus
	out chan Message

	mu     sync.Mutex
	closed bool
}

// NewPipe creates a connection whose outbound queue holds buffer messages.
func NewPipe(id string, bus *events.Bus, buffer int) *Pipe {
	if buffer <= 0 {
		buffer = 16
	}
	return &Pipe{id: id, bus: bus, out: make(chan Message, buffer)}
}

// ID identifies the connection.
func (p *Pipe) ID() string { return p.id }

// Send queues m for the player without blocking.
func (p *Pipe) Send(m Message) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return ErrConnClosed
	}
	select {
	case p.out <- m:
		return nil
	default:
		return ErrSlowConsumer
	}
}

// Next returns the next message for the player, waiting up to timeout.
func (p *Pipe) Next(timeout time.Duration) (Message, bool) {
	select {
	case m := <-p.out:
		return m, true
	case <-time.After(timeout):
		return Message{}, false
	}
}

// Close hangs up and announces it on the bus.
func (p *Pipe) Close() error {
	p.mu.Lock()
	already := p.closed
	p.closed = true
	p.mu.Unlock()
	if already {
		return nil
	}
	p.bus.Publish(ClosedTopic(p.id), p.id)
	return nil
}
