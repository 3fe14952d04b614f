package bounce

import (
	"errors"
	"testing"
)

func TestParseDSN(t *testing.T) {
	m, err := Parse(hardBounce("Alice@Example.org"))
	if err != nil {
		t.Fatal(err)
	}
	if m.FinalRecipient != "Alice@Example.org" || m.Status != "5.1.1" || m.Action != "failed" {
		t.Errorf("parsed %+v", m)
	}
	if m.ReportingMTA != "mx1.example.net" {
		t.Errorf("reporting MTA = %q", m.ReportingMTA)
	}
	if got := m.Header["content-type"]; got != `multipart/report; report-type=delivery-status; boundary="XYZ"` {
		t.Errorf("folded header = %q", got)
	}
}

func TestParseFreeform(t *testing.T) {
	m, err := Parse([]byte(freeformBounce))
	if err != nil {
		t.Fatal(err)
	}
	if m.Status != "5.2.2" || m.FinalRecipient != "carol@corp.example" {
		t.Errorf("status %q recipient %q", m.Status, m.FinalRecipient)
	}
}

func TestParseAutoReplyAndPlainMail(t *testing.T) {
	m, err := Parse([]byte(outOfOffice))
	if err != nil || !m.AutoReply {
		t.Fatalf("auto reply: %+v, %v", m, err)
	}
	if _, err := Parse([]byte(plainMail)); !errors.Is(err, ErrNotBounce) {
		t.Errorf("plain mail: err = %v", err)
	}
}

func TestParseMalformed(t *testing.T) {
	for _, raw := range []string{garbage, "no separator at all", "\tcontinued: x\n\nbody"} {
		_, err := Parse([]byte(raw))
		var pe *ParseError
		if !errors.Is(err, ErrMalformed) || !errors.As(err, &pe) {
			t.Errorf("Parse(%q) err = %v", raw, err)
		}
	}
}

func TestFindStatusCode(t *testing.T) {
	cases := map[string]string{
		"550 5.1.1 user unknown":       "5.1.1",
		"451 4.7.650 try again later":  "4.7.650",
		"version 15.2.2 of the server": "",
		"5.1":                          "",
		"code 5.1.1234 too long":       "",
		"(4.4.1)":                      "4.4.1",
	}
	for in, want := range cases {
		if got := findStatusCode(in); got != want {
			t.Errorf("findStatusCode(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNormalizeAddress(t *testing.T) {
	cases := map[string]string{
		" <Bob+News@Example.COM> ": "bob@example.com",
		"j.doe+x@googlemail.com":   "jdoe@gmail.com",
		"first.last@corp.example":  "first.last@corp.example",
		"not-an-address":           "not-an-address",
	}
	for in, want := range cases {
		if got := NormalizeAddress(in); got != want {
			t.Errorf("NormalizeAddress(%q) = %q, want %q", in, got, want)
		}
	}
}
