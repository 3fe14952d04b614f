package printshop

import "testing"

func TestQuote(t *testing.T) {
	p := DefaultPrices()
	cases := []struct {
		spec Spec
		want Cents
	}{
		{Spec{Customer: "a", Pages: 1}, 50},
		{Spec{Customer: "a", Pages: 10}, 80},
		{Spec{Customer: "a", Pages: 10, Color: true}, 350},
		{Spec{Customer: "a", Pages: 10, Duplex: true}, 72},
		{Spec{Customer: "a", Pages: 50, Copies: 2}, 760},
	}
	for _, c := range cases {
		q, err := p.Quote(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		if q.Total != c.want {
			t.Errorf("%+v: total %s, want %s (%+v)", c.spec, q.Total, c.want, q.Lines)
		}
	}
	if _, err := p.Quote(Spec{Customer: "a", Pages: 1, Paper: "B5"}); err == nil {
		t.Error("unknown paper accepted")
	}
	if _, err := p.Quote(Spec{Pages: 1}); err == nil {
		t.Error("missing customer accepted")
	}
}

func TestSheets(t *testing.T) {
	s := Spec{Pages: 5, Copies: 3, Duplex: true}
	if s.Sheets() != 9 || s.Impressions() != 15 {
		t.Fatalf("sheets=%d impressions=%d", s.Sheets(), s.Impressions())
	}
	if Cents(-1234).String() != "-12.34" {
		t.Fatal(Cents(-1234).String())
	}
}
