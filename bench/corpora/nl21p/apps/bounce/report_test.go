package bounce

import (
	"context"
	"testing"
)

type staticProviders map[string]string

func (s staticProviders) Provider(_ context.Context, domain string) (string, error) {
	if p, ok := s[domain]; ok {
		return p, nil
	}
	return "", ErrUnknownProvider
}

func TestBuildReport(t *testing.T) {
	vs := []Verdict{
		{Recipient: "a@gmail.com", Domain: "gmail.com", Category: Hard, Rule: "no-such-user"},
		{Recipient: "b@gmail.com", Domain: "gmail.com", Category: Quota, Rule: "mailbox-full"},
		{Recipient: "c@gmail.com", Domain: "gmail.com", Category: Hard, Rule: "no-such-user"},
		{Recipient: "d@corp.example", Domain: "corp.example", Category: Soft, Rule: "transient"},
		{Recipient: "e@tiny.example", Domain: "tiny.example", Category: Block, Rule: "policy"},
	}
	lookup := staticProviders{"gmail.com": "Google", "corp.example": "Microsoft"}
	reports, err := BuildReport(context.Background(), vs, lookup, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(reports) != 3 {
		t.Fatalf("got %d reports", len(reports))
	}
	g := reports[0]
	if g.Domain != "gmail.com" || g.Provider != "Google" || g.Total != 3 || g.Suppress != 2 || g.TopRule != "no-such-user" {
		t.Errorf("gmail report = %+v", g)
	}
	if reports[2].Domain != "tiny.example" || reports[2].Provider != "" {
		t.Errorf("last report = %+v", reports[2])
	}
}
