// Package nearest finds the names nearest to a misspelt one, for "did you
// mean" advice: on directives and declarations (the analyzer) and on
// settings keys (the golangci-lint plugin).
package nearest

import (
	"slices"
	"strings"
)

// DidYouMean returns "; did you mean X?" naming the candidates nearest to
// word, or "" when none is near enough to be a likely misspelling.
func DidYouMean(word string, candidates []string) string {
	near := Names(word, candidates)
	if len(near) == 0 {
		return ""
	}
	return "; did you mean " + strings.Join(near, " or ") + "?"
}

// Names returns up to three candidates at the smallest edit distance
// from word (ignoring case), if that distance is at most a third of word's
// length (and at least 2), in the candidates' order. A candidate that
// word abbreviates ("cont" for "continuation") is at distance 1.
func Names(word string, candidates []string) []string {
	best := max(2, len(word)/3) + 1 // one more than the farthest accepted
	var out []string
	for _, c := range candidates {
		lw, lc := strings.ToLower(word), strings.ToLower(c)
		d := editDistance(lw, lc)
		if strings.HasPrefix(lc, lw) {
			d = min(d, 1)
		}
		switch {
		case d < best:
			best, out = d, []string{c}
		case d == best && len(out) > 0 && len(out) < 3 && !slices.Contains(out, c):
			out = append(out, c)
		}
	}
	return out
}

// Distance is the edit distance between a and b, ignoring case.
func Distance(a, b string) int {
	return editDistance(strings.ToLower(a), strings.ToLower(b))
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	row := make([]int, len(b)+1)
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= len(a); i++ {
		diag := row[0]
		row[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			diag, row[j] = row[j], min(row[j]+1, row[j-1]+1, diag+cost)
		}
	}
	return row[len(b)]
}
