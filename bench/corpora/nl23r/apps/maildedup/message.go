// Package maildedup imports mail archives and finds duplicate messages
// that were delivered to, or exported from, several mailboxes.
package maildedup

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/mail"
	"strings"
	"time"
)

// ErrNoHeaders is returned for input that does not start with a header block.
var ErrNoHeaders = errors.New("maildedup: message has no headers")

// Message is a parsed mail message.
type Message struct {
	Mailbox   string
	MessageID string
	From      string
	To        []string
	Subject   string
	Date      time.Time
	Body      string
	Size      int
}

// Parse decodes one RFC 5322 message.
func Parse(mailbox string, raw []byte) (Message, error) {
	msg, err := mail.ReadMessage(bufio.NewReader(bytes.NewReader(raw)))
	if err != nil {
		return Message{}, fmt.Errorf("%w: %v", ErrNoHeaders, err)
	}
	h := msg.Header
	m := Message{
		Mailbox:   mailbox,
		MessageID: strings.Trim(strings.TrimSpace(h.Get("Message-Id")), "<>"),
		Subject:   h.Get("Subject"),
		Size:      len(raw),
	}
	if from, err := mail.ParseAddress(h.Get("From")); err == nil {
		m.From = strings.ToLower(from.Address)
	}
	if tos, err := h.AddressList("To"); err == nil {
		for _, a := range tos {
			m.To = append(m.To, strings.ToLower(a.Address))
		}
	}
	if d, err := h.Date(); err == nil {
		m.Date = d.UTC()
	}
	body, err := io.ReadAll(msg.Body)
	if err != nil {
		return Message{}, err
	}
	m.Body = string(body)
	return m, nil
}

// Fingerprint identifies a message independently of the mailbox it was
// found in. Messages with a Message-ID are keyed by it; others by sender,
// date, subject and normalised body.
func Fingerprint(m Message) string {
	h := sha256.New()
	if m.MessageID != "" {
		h.Write([]byte("id:" + strings.ToLower(m.MessageID)))
	} else {
		fmt.Fprintf(h, "from:%s\ndate:%d\nsubject:%s\n", m.From, m.Date.Unix(), normalizeSubject(m.Subject))
		h.Write([]byte(normalizeBody(m.Body)))
	}
	return hex.EncodeToString(h.Sum(nil)[:12])
}

// normalizeSubject strips reply and forward prefixes and folds case.
func normalizeSubject(s string) string {
	s = strings.TrimSpace(s)
	for {
		lower := strings.ToLower(s)
		trimmed := false
		for _, p := range []string{"re:", "fwd:", "fw:", "aw:"} {
			if strings.HasPrefix(lower, p) {
				s = strings.TrimSpace(s[len(p):])
				trimmed = true
				break
			}
		}
		if !trimmed {
			return strings.ToLower(s)
		}
	}
}

// normalizeBody removes quoted lines, signatures and whitespace
// differences introduced by mail clients.
func normalizeBody(b string) string {
	var out []string
	for _, line := range strings.Split(strings.ReplaceAll(b, "\r\n", "\n"), "\n") {
		if line == "-- " {
			break
		}
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, ">") {
			continue
		}
		out = append(out, strings.Join(strings.Fields(line), " "))
	}
	return strings.Join(out, "\n")
}
