// Package bounce parses delivery status notifications and classifies them
// into actionable bounce categories.
package bounce

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
)

var (
	// ErrMalformed is wrapped by every error about input that is not a
	// parseable mail message.
	ErrMalformed = errors.New("bounce: malformed message")
	// ErrNotBounce is returned for well-formed messages that carry no
	// delivery status information.
	ErrNotBounce = errors.New("bounce: not a bounce")
)

// ParseError describes where parsing failed.
type ParseError struct {
	Line   int
	Reason string
}

func (e *ParseError) Error() string {
	return "bounce: line " + strconv.Itoa(e.Line) + ": " + e.Reason
}

// Unwrap makes every ParseError match ErrMalformed.
func (e *ParseError) Unwrap() error { return ErrMalformed }

// Message is the part of a bounce message the classifier cares about.
type Message struct {
	Header         map[string]string
	Subject        string
	From           string
	ReportingMTA   string
	FinalRecipient string
	Action         string
	Status         string
	Diagnostic     string
	AutoReply      bool
}

// Parse reads a raw RFC 5322 message and extracts its delivery status
// fields, both from a message/delivery-status part and from common
// free-form bounce bodies.
func Parse(raw []byte) (*Message, error) {
	head, body, ok := bytes.Cut(raw, []byte("\n\n"))
	if !ok {
		head, body, ok = bytes.Cut(raw, []byte("\r\n\r\n"))
	}
	if !ok {
		return nil, &ParseError{Line: 1, Reason: "no header/body separator"}
	}
	hdr, err := parseHeader(string(head))
	if err != nil {
		return nil, err
	}
	m := &Message{
		Header:  hdr,
		Subject: hdr["subject"],
		From:    hdr["from"],
	}
	if v := strings.ToLower(hdr["auto-submitted"]); strings.HasPrefix(v, "auto-replied") {
		m.AutoReply = true
	}
	if looksLikeAutoReply(m.Subject) {
		m.AutoReply = true
	}
	m.readStatusFields(string(body))
	if m.Status == "" && m.Diagnostic == "" {
		m.scanFreeform(string(body))
	}
	if m.Status == "" {
		m.Status = findStatusCode(m.Diagnostic)
	}
	if m.Status == "" && m.Diagnostic == "" && !m.AutoReply {
		return nil, ErrNotBounce
	}
	return m, nil
}

func parseHeader(text string) (map[string]string, error) {
	hdr := make(map[string]string)
	last := ""
	for i, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if line == "" {
			continue
		}
		if line[0] == ' ' || line[0] == '\t' {
			if last == "" {
				return nil, &ParseError{Line: i + 1, Reason: "continuation without header"}
			}
			hdr[last] += " " + strings.TrimSpace(line)
			continue
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok || name == "" || strings.ContainsAny(name, " \t") {
			return nil, &ParseError{Line: i + 1, Reason: "not a header field"}
		}
		last = strings.ToLower(name)
		hdr[last] = strings.TrimSpace(value)
	}
	if len(hdr) == 0 {
		return nil, &ParseError{Line: 1, Reason: "empty header"}
	}
	return hdr, nil
}

func (m *Message) readStatusFields(body string) {
	for line := range strings.Lines(body) {
		name, value, ok := strings.Cut(strings.TrimSpace(line), ":")
		if !ok {
			continue
		}
		value = strings.TrimSpace(value)
		switch strings.ToLower(name) {
		case "final-recipient", "original-recipient":
			if m.FinalRecipient == "" {
				m.FinalRecipient = stripAddressType(value)
			}
		case "reporting-mta":
			m.ReportingMTA = stripAddressType(value)
		case "action":
			m.Action = strings.ToLower(value)
		case "status":
			m.Status = value
		case "diagnostic-code":
			m.Diagnostic = stripAddressType(value)
		}
	}
}

// scanFreeform handles bounces without a delivery-status part, such as
// the plain-text reports many MTAs send: the first line carrying a status
// code becomes the diagnostic and the closest address before it the
// recipient.
func (m *Message) scanFreeform(body string) {
	lastAddr := ""
	for line := range strings.Lines(body) {
		line = strings.TrimSpace(line)
		for _, f := range strings.Fields(line) {
			if a := addressIn(f); a != "" {
				lastAddr = a
				break
			}
		}
		if code := findStatusCode(line); code != "" {
			m.Status, m.Diagnostic = code, line
			if m.FinalRecipient == "" {
				m.FinalRecipient = lastAddr
			}
			return
		}
	}
}

// addressIn returns the mail address in a whitespace-free token such as
// "<bob@example.org>:" or "TO:<bob@example.org>", or "" if there is none.
func addressIn(tok string) string {
	if i := strings.IndexByte(tok, '<'); i >= 0 {
		tok = tok[i+1:]
		if j := strings.IndexByte(tok, '>'); j >= 0 {
			tok = tok[:j]
		}
	}
	tok = strings.Trim(tok, "<>:;,()[]\"'")
	if strings.Count(tok, "@") != 1 || strings.HasPrefix(tok, "@") || Domain(tok) == "" {
		return ""
	}
	return tok
}

// stripAddressType removes the "rfc822;" or "smtp;" prefix DSN fields carry.
func stripAddressType(v string) string {
	if _, rest, ok := strings.Cut(v, ";"); ok {
		return strings.TrimSpace(rest)
	}
	return v
}

func looksLikeAutoReply(subject string) bool {
	s := strings.ToLower(subject)
	for _, p := range []string{"auto-reply", "autoreply", "automatic reply", "out of office", "out of the office", "vacation"} {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}

// findStatusCode returns the first enhanced status code (class.subject.detail,
// for example 5.1.1) found in text.
func findStatusCode(text string) string {
	for i := 0; i+4 < len(text); i++ {
		c := text[i]
		if c != '2' && c != '4' && c != '5' {
			continue
		}
		if i > 0 && isDigit(text[i-1]) {
			continue
		}
		if code, ok := scanStatus(text[i:]); ok {
			return code
		}
	}
	return ""
}

func scanStatus(s string) (string, bool) {
	n := 1
	if s[n] != '.' {
		return "", false
	}
	n++
	for part := 0; part < 2; part++ {
		digits := 0
		for n < len(s) && isDigit(s[n]) && digits < 3 {
			n++
			digits++
		}
		if digits == 0 {
			return "", false
		}
		if part == 0 {
			if n >= len(s) || s[n] != '.' {
				return "", false
			}
			n++
		}
	}
	if n < len(s) && (isDigit(s[n]) || s[n] == '.') {
		return "", false
	}
	return s[:n], true
}

func isDigit(b byte) bool { return '0' <= b && b <= '9' }

// Domain returns the lower-cased domain part of addr.
func Domain(addr string) string {
	at := strings.LastIndexByte(addr, '@')
	if at < 0 {
		return ""
	}
	return strings.ToLower(strings.Trim(addr[at+1:], "<> "))
}

// NormalizeAddress lower-cases addr, strips angle brackets and removes
// sub-address tags. For Gmail addresses dots in the local part are dropped
// as well, since Gmail ignores them.
func NormalizeAddress(addr string) string {
	addr = strings.ToLower(strings.Trim(strings.TrimSpace(addr), "<>"))
	local, domain, ok := strings.Cut(addr, "@")
	if !ok {
		return addr
	}
	if i := strings.IndexByte(local, '+'); i > 0 {
		local = local[:i]
	}
	if domain == "googlemail.com" {
		domain = "gmail.com"
	}
	if domain == "gmail.com" {
		local = strings.ReplaceAll(local, ".", "")
	}
	return local + "@" + domain
}
