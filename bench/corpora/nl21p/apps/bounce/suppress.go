package bounce

import (
	"cmp"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"io"
	"slices"

	"example.com/corpus/trial-nl21p/internal/fanout"
)

// Suppression is one address that must not be mailed again.
type Suppression struct {
	Address string
	Hash    string
	Reason  Category
	Source  string
}

// SuppressionList collects suppressed addresses. Addresses are stored both
// normalised and as a salted SHA-256 so the list can be shared with
// providers without disclosing the addresses.
type SuppressionList struct {
	salt    string
	entries []Suppression
}

// NewSuppressionList returns an empty list that hashes with salt.
func NewSuppressionList(salt string) *SuppressionList {
	return &SuppressionList{salt: salt}
}

// Len reports the number of suppressed addresses.
func (l *SuppressionList) Len() int { return len(l.entries) }

// Entries returns the list sorted by address.
func (l *SuppressionList) Entries() []Suppression { return slices.Clone(l.entries) }

// Contains reports whether addr, after normalisation, is suppressed.
func (l *SuppressionList) Contains(addr string) bool {
	_, ok := slices.BinarySearchFunc(l.entries, NormalizeAddress(addr), func(s Suppression, a string) int {
		return cmp.Compare(s.Address, a)
	})
	return ok
}

func (l *SuppressionList) hash(addr string) string {
	sum := sha256.Sum256([]byte(l.salt + addr))
	return hex.EncodeToString(sum[:])
}

// AddVerdicts suppresses the recipients of every hard or blocked verdict,
// hashing on up to workers goroutines.
func (l *SuppressionList) AddVerdicts(verdicts []Verdict, workers int) {
	l.entries = slices.Grow(l.entries, len(verdicts))
	wait := fanout.Spans(len(verdicts), workers, func(_ int, s fanout.Span) {
		for _, v := range verdicts[s.Lo:s.Hi] {
			if v.Category.Suppress() && v.Recipient != "" {
				l.add(v)
			}
		}
	})
	wait()
	l.dedupe()
}

func (l *SuppressionList) add(v Verdict) {
	addr := NormalizeAddress(v.Recipient)
	l.entries = append(l.entries, Suppression{Address: addr, Hash: l.hash(addr), Reason: v.Category, Source: v.Rule}) // RACY
}

// Import suppresses addrs for reason, hashing on up to workers goroutines.
func (l *SuppressionList) Import(addrs []string, reason Category, workers int) {
	imported := make([]Suppression, len(addrs))
	wait := fanout.Spans(len(addrs), workers, func(_ int, s fanout.Span) {
		for i := s.Lo; i < s.Hi; i++ {
			addr := NormalizeAddress(addrs[i])
			imported[i] = Suppression{Address: addr, Hash: l.hash(addr), Reason: reason, Source: "import"}
		}
	})
	wait()
	l.entries = append(l.entries, imported...)
	l.dedupe()
}

func (l *SuppressionList) dedupe() {
	slices.SortStableFunc(l.entries, func(a, b Suppression) int { return cmp.Compare(a.Address, b.Address) })
	l.entries = slices.CompactFunc(l.entries, func(a, b Suppression) bool { return a.Address == b.Address })
}

// WriteCSV writes hash,reason rows suitable for sharing.
func (l *SuppressionList) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"sha256", "reason"}); err != nil {
		return err
	}
	for _, e := range l.entries {
		if err := cw.Write([]string{e.Hash, e.Reason.String()}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
