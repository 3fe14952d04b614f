// Package breach estimates password strength and checks passwords against a
// breach corpus using k-anonymity range queries, so that only the first five
// hex digits of a password's SHA-1 ever leave the machine.
package breach

import (
	"context"
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"math"
	"strings"
	"time"
	"unicode"
)

// Strength is a coarse password strength rating.
type Strength int

// Ratings from worst to best.
const (
	VeryWeak Strength = iota
	Weak
	Fair
	Strong
	VeryStrong
)

func (s Strength) String() string {
	switch s {
	case VeryWeak:
		return "very weak"
	case Weak:
		return "weak"
	case Fair:
		return "fair"
	case Strong:
		return "strong"
	case VeryStrong:
		return "very strong"
	}
	return fmt.Sprintf("Strength(%d)", int(s))
}

var common = []string{"password", "qwerty", "letmein", "dragon", "monkey", "admin", "welcome", "iloveyou", "sunshine", "123456"}

// Entropy estimates the password's entropy in bits from the character
// classes used, discounting repeats, sequences and dictionary words.
func Entropy(pw string) float64 {
	if pw == "" {
		return 0
	}
	var lower, upper, digit, symbol bool
	for _, r := range pw {
		switch {
		case unicode.IsLower(r):
			lower = true
		case unicode.IsUpper(r):
			upper = true
		case unicode.IsDigit(r):
			digit = true
		default:
			symbol = true
		}
	}
	pool := 0
	for _, c := range []struct {
		on   bool
		size int
	}{{lower, 26}, {upper, 26}, {digit, 10}, {symbol, 33}} {
		if c.on {
			pool += c.size
		}
	}
	effective := float64(effectiveLength(pw))
	lw := strings.ToLower(pw)
	for _, w := range common {
		if strings.Contains(lw, w) {
			effective -= float64(len(w)) - 1
		}
	}
	return math.Max(0, effective) * math.Log2(float64(pool))
}

// effectiveLength counts characters, ignoring immediate repeats and steps of
// ascending or descending sequences like "abc" or "321".
func effectiveLength(pw string) int {
	rs := []rune(pw)
	n := 0
	for i, r := range rs {
		if i > 0 {
			d := r - rs[i-1]
			if d == 0 || ((d == 1 || d == -1) && i > 1 && r-rs[i-1] == rs[i-1]-rs[i-2]) {
				continue
			}
		}
		n++
	}
	return n
}

// Score rates a password.
func Score(pw string) Strength {
	switch bits := Entropy(pw); {
	case bits < 28:
		return VeryWeak
	case bits < 36:
		return Weak
	case bits < 60:
		return Fair
	case bits < 128:
		return Strong
	}
	return VeryStrong
}

// Ranger answers k-anonymity range queries: given the first five hex digits
// of a SHA-1, it returns the remaining 35 digits of every breached hash with
// that prefix and how often each was seen.
type Ranger interface {
	Range(ctx context.Context, prefix string) (map[string]int, error)
}

// Hash returns the upper-case hex SHA-1 of pw.
func Hash(pw string) string {
	sum := sha1.Sum([]byte(pw))
	return strings.ToUpper(hex.EncodeToString(sum[:]))
}

// Breaches reports how many times pw appears in the corpus behind r.
func Breaches(ctx context.Context, r Ranger, pw string) (int, error) {
	h := Hash(pw)
	suffixes, err := r.Range(ctx, h[:5])
	if err != nil {
		return 0, fmt.Errorf("breach: range %s: %w", h[:5], err)
	}
	return suffixes[h[5:]], nil
}

// Report is the audit result for one password.
type Report struct {
	Strength Strength
	Breaches int
	Checked  time.Time
}

// Audit scores pw and looks it up in the corpus.
func Audit(ctx context.Context, r Ranger, pw string) (Report, error) {
	n, err := Breaches(ctx, r, pw)
	if err != nil {
		return Report{Strength: Score(pw)}, err
	}
	return Report{Strength: Score(pw), Breaches: n, Checked: time.Now()}, nil
}

// Corpus is an in-memory breach corpus that answers range queries with a
// fixed latency, standing in for the remote service.
type Corpus struct {
	byPrefix map[string]map[string]int
	latency  time.Duration
}

// NewCorpus indexes the given passwords and their breach counts.
func NewCorpus(counts map[string]int, latency time.Duration) *Corpus {
	c := &Corpus{byPrefix: make(map[string]map[string]int), latency: latency}
	for pw, n := range counts {
		h := Hash(pw)
		m := c.byPrefix[h[:5]]
		if m == nil {
			m = make(map[string]int)
			c.byPrefix[h[:5]] = m
		}
		m[h[5:]] = n
	}
	return c
}

// Range implements Ranger.
func (c *Corpus) Range(ctx context.Context, prefix string) (map[string]int, error) {
	if len(prefix) != 5 {
		return nil, fmt.Errorf("breach: bad prefix %q", prefix)
	}
	if c.latency > 0 {
		t := time.NewTimer(c.latency)
		defer t.Stop()
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-t.C:
		}
	}
	out := make(map[string]int, len(c.byPrefix[prefix]))
	for k, v := range c.byPrefix[prefix] {
		out[k] = v
	}
	return out, nil
}
