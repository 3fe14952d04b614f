package money

import "testing"

func TestParseAndFormat(t *testing.T) {
	cases := map[string]string{
		"12.5":  "$12.50",
		"$3":    "$3.00",
		"-0.99": "-$0.99",
		".75":   "$0.75",
	}
	for in, want := range cases {
		c, err := Parse(in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", in, err)
		}
		if got := c.String(); got != want {
			t.Errorf("Parse(%q) = %s, want %s", in, got, want)
		}
	}
	if _, err := Parse("1.234"); err == nil {
		t.Error("expected error for three decimals")
	}
}

func TestPercentAndSplit(t *testing.T) {
	if got := Cents(1000).Percent(825); got != 83 {
		t.Errorf("8.25%% of $10 = %d, want 83", got)
	}
	parts := Cents(1001).Split(3)
	if parts[0] != 334 || parts[1] != 334 || parts[2] != 333 {
		t.Errorf("split = %v", parts)
	}
	if Sum(parts...) != 1001 {
		t.Errorf("split does not add up")
	}
}
