package maildedup

import (
	"errors"
	"testing"
)

func TestParse(t *testing.T) {
	r := mailboxFixture()[0]
	m, err := Parse(r.mailbox, r.raw)
	if err != nil {
		t.Fatal(err)
	}
	if m.MessageID != "a1@example.org" || m.From != "ann@example.org" || !m.Date.Equal(t0) || m.Body != "Numbers attached.\r\n" {
		t.Fatalf("parsed %+v", m)
	}
	if len(m.To) != 1 || m.To[0] != "team@example.org" {
		t.Fatalf("to = %v", m.To)
	}
}

func TestParseRejectsGarbage(t *testing.T) {
	if _, err := Parse("x", []byte("not a mail message")); !errors.Is(err, ErrNoHeaders) {
		t.Fatalf("err = %v", err)
	}
}

func TestFingerprintNormalises(t *testing.T) {
	ms := parsedFixture()
	if Fingerprint(ms[0]) != Fingerprint(ms[1]) {
		t.Fatal("same Message-ID, different fingerprints")
	}
	if Fingerprint(ms[3]) != Fingerprint(ms[4]) {
		t.Fatal("quoted reply not normalised")
	}
	if Fingerprint(ms[0]) == Fingerprint(ms[2]) {
		t.Fatal("distinct messages collide")
	}
}
