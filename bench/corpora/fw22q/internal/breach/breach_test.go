package breach

import (
	"context"
	"testing"
)

func TestScore(t *testing.T) {
	cases := map[string]Strength{
		"":                             VeryWeak,
		"password1":                    VeryWeak,
		"abcdefgh":                     VeryWeak,
		"Tr0ub4dor":                    Fair,
		"correct horse battery staple": VeryStrong,
		"Summer2024!":                  Strong,
		"x7$Kp!2mQz#9vL@4wR&8nT^1":     VeryStrong,
	}
	for pw, want := range cases {
		if got := Score(pw); got != want {
			t.Errorf("Score(%q) = %v (%.1f bits), want %v", pw, got, Entropy(pw), want)
		}
	}
}

func TestBreaches(t *testing.T) {
	c := NewCorpus(map[string]int{"hunter2": 17043, "letmein": 9000}, 0)
	n, err := Breaches(context.Background(), c, "hunter2")
	if err != nil || n != 17043 {
		t.Fatalf("hunter2: %d, %v", n, err)
	}
	n, err = Breaches(context.Background(), c, "not-in-the-list")
	if err != nil || n != 0 {
		t.Fatalf("clean password: %d, %v", n, err)
	}
	r, err := Audit(context.Background(), c, "letmein")
	if err != nil || r.Breaches != 9000 || r.Strength != VeryWeak || r.Checked.IsZero() {
		t.Errorf("audit = %+v, %v", r, err)
	}
}
