package chat

import (
	"io"
	"time"
)

// session pumps a member's outbound queue to their connection.
type session struct {
	nick      string
	w         io.Writer
	out       chan Message
	done      chan struct{}
	onWritten func(Message)

	written int
	failed  error
}

func newSession(nick string, w io.Writer, queue int, onWritten func(Message)) *session {
	return &session{
		nick:      nick,
		w:         w,
		out:       make(chan Message, queue),
		done:      make(chan struct{}),
		onWritten: onWritten,
	}
}

// deliver queues msg without blocking and reports whether it fit.
func (s *session) deliver(msg Message) bool {
	select {
	case s.out <- msg:
		return true
	default:
		return false
	}
}

// close stops the pump and waits for it to flush. It returns the number of
// bytes written over the session's lifetime.
func (s *session) close() (int, error) {
	close(s.out)
	<-s.done
	return s.written, s.failed
}

func (s *session) pump() {
	defer close(s.done)
	for msg := range s.out {
		if s.failed != nil {
			continue
		}
		n, err := io.WriteString(s.w, msg.Format())
		s.written += n
		if err != nil {
			s.failed = err
			continue
		}
		if s.onWritten != nil {
			s.onWritten(msg)
		}
	}
}

// Member is a participant in a room.
type Member struct {
	Nick     string
	JoinedAt time.Time

	lastSeen time.Time
	sent     int
	sess     *session
}

// MessagesSent reports how many lines the member has posted.
func (m *Member) MessagesSent() int {
	return m.sent // RACY
}

func (m *Member) idleFor(now time.Time) time.Duration {
	return now.Sub(m.lastSeen) // RACY
}

// MemberInfo is a copy of a member's public details.
type MemberInfo struct {
	Nick     string    `json:"nick"`
	JoinedAt time.Time `json:"joined_at"`
	LastSeen time.Time `json:"last_seen"`
	Sent     int       `json:"sent"`
}

func (m *Member) info() MemberInfo {
	return MemberInfo{Nick: m.Nick, JoinedAt: m.JoinedAt, LastSeen: m.lastSeen, Sent: m.sent}
}
