package chat

import (
	"strings"
	"sync"
	"time"
)

// Filter rewrites message text before it is stored and delivered.
type Filter interface {
	Clean(text string) string
}

// WordFilter masks a fixed list of words.
type WordFilter struct {
	words []string
}

// NewWordFilter returns a filter for the given words.
func NewWordFilter(words ...string) *WordFilter {
	lower := make([]string, len(words))
	for i, w := range words {
		lower[i] = strings.ToLower(w)
	}
	return &WordFilter{words: lower}
}

// Clean masks every listed word, case-insensitively.
func (f *WordFilter) Clean(text string) string {
	if f == nil || len(f.words) == 0 {
		return text
	}
	fields := strings.Fields(text)
	changed := false
	for i, field := range fields {
		bare := strings.ToLower(strings.Trim(field, ".,!?;:"))
		for _, w := range f.words {
			if bare == w {
				fields[i] = strings.Repeat("*", len(field))
				changed = true
				break
			}
		}
	}
	if !changed {
		return text
	}
	return strings.Join(fields, " ")
}

// Limiter is a per-nick token bucket shared by everything that posts.
type Limiter struct {
	mu      sync.Mutex
	rate    float64
	burst   float64
	buckets map[string]*bucket
	now     func() time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
}

// NewLimiter allows perSecond messages per nick with the given burst.
func NewLimiter(perSecond float64, burst int) *Limiter {
	return &Limiter{rate: perSecond, burst: float64(burst), buckets: make(map[string]*bucket), now: time.Now}
}

// Allow reports whether nick may post now, consuming a token if so.
func (l *Limiter) Allow(nick string) bool {
	if l == nil || l.rate <= 0 {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b, ok := l.buckets[nick]
	if !ok {
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[nick] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.last).Seconds()*l.rate)
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// Forget drops a nick's bucket.
func (l *Limiter) Forget(nick string) {
	if l == nil {
		return
	}
	l.mu.Lock()
	delete(l.buckets, nick)
	l.mu.Unlock()
}
