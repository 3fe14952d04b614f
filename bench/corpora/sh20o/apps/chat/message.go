// Package chat implements multi-room chat with per-member delivery queues.
package chat

import (
	"fmt"
	"strings"
	"time"
)

// Kind distinguishes ordinary lines from actions and notices.
type Kind int

const (
	KindText Kind = iota
	KindAction
	KindSystem
)

// Message is one line in a room.
type Message struct {
	Seq  uint64    `json:"seq"`
	Room string    `json:"room"`
	From string    `json:"from"`
	Kind Kind      `json:"kind"`
	Text string    `json:"text"`
	At   time.Time `json:"at"`
}

// Format renders a message the way terminal clients show it.
func (m Message) Format() string {
	ts := m.At.Format("15:04:05")
	switch m.Kind {
	case KindAction:
		return fmt.Sprintf("%s * %s %s\n", ts, m.From, m.Text)
	case KindSystem:
		return fmt.Sprintf("%s -!- %s\n", ts, m.Text)
	}
	return fmt.Sprintf("%s <%s> %s\n", ts, m.From, m.Text)
}

type command struct {
	name string
	arg  string
}

// parseCommand recognises "/name arg" lines.
func parseCommand(text string) (command, bool) {
	if !strings.HasPrefix(text, "/") || strings.HasPrefix(text, "//") {
		return command{}, false
	}
	name, arg, _ := strings.Cut(text[1:], " ")
	return command{name: strings.ToLower(name), arg: strings.TrimSpace(arg)}, true
}

// ValidNick reports whether nick is acceptable.
func ValidNick(nick string) bool {
	if len(nick) == 0 || len(nick) > 24 {
		return false
	}
	for _, c := range nick {
		if !(c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}
