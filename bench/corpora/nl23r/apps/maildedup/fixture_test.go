package maildedup

import (
	"fmt"
	"io"
	"time"
)

type rawMsg struct {
	mailbox string
	raw     []byte
}

// sliceSource serves messages from memory, optionally pausing before
// each one to mimic a slow mail server.
type sliceSource struct {
	msgs  []rawMsg
	delay time.Duration
	pos   int
}

func (s *sliceSource) Next() (string, []byte, error) {
	if s.pos >= len(s.msgs) {
		return "", nil, io.EOF
	}
	if s.delay > 0 {
		time.Sleep(s.delay)
	}
	m := s.msgs[s.pos]
	s.pos++
	return m.mailbox, m.raw, nil
}

func rawMessage(id, from, subject string, date time.Time, body string) []byte {
	idLine := ""
	if id != "" {
		idLine = "Message-ID: <" + id + ">\r\n"
	}
	return fmt.Appendf(nil, "From: %s\r\nTo: team@example.org\r\nSubject: %s\r\nDate: %s\r\n%s\r\n%s",
		from, subject, date.Format(time.RFC1123Z), idLine, body)
}

var t0 = time.Date(2024, 2, 3, 10, 0, 0, 0, time.UTC)

func mailboxFixture() []rawMsg {
	return []rawMsg{
		{"INBOX", rawMessage("a1@example.org", "Ann <ann@example.org>", "Budget", t0, "Numbers attached.\r\n")},
		{"Archive", rawMessage("a1@example.org", "Ann <ann@example.org>", "Budget", t0, "Numbers attached.\r\n")},
		{"INBOX", rawMessage("b2@example.org", "Bob <bob@example.org>", "Lunch?", t0.Add(time.Hour), "12:30?\r\n")},
		{"INBOX", rawMessage("", "Cy <cy@example.org>", "Re: Deploy", t0.Add(2*time.Hour), "Done.\r\n-- \r\nCy\r\n")},
		{"Sent", rawMessage("", "Cy <cy@example.org>", "RE: deploy", t0.Add(2*time.Hour), "  Done.\r\n> old text\r\n")},
		{"Spam", []byte("not a mail message")},
		{"Archive", rawMessage("c3@example.org", "Dee <dee@example.org>", "Invoice", t0.Add(3*time.Hour), "Due Friday.\r\n")},
	}
}

func parsedFixture() []Message {
	var out []Message
	for _, r := range mailboxFixture() {
		if m, err := Parse(r.mailbox, r.raw); err == nil {
			out = append(out, m)
		}
	}
	return out
}
