package main

import (
	"fmt"
	"regexp"
	"strings"
)

// appendedDirective is a directive -fix appended to a field's line, as a
// line comment after its code.
var appendedDirective = regexp.MustCompile(`^(.*\S)[ \t]+//confined:.*$`)

// sameLine is the form of a line that -suggest -fix leaves as it is: any
// directive appended to it taken off, and its runs of blanks one space
// (gofmt realigns the comments of the fields around one it appended to).
func sameLine(s string) string {
	s = appendedDirective.ReplaceAllString(s, "$1")
	return strings.Join(strings.Fields(s), " ")
}

// insertedBy returns the lines of cur, 1-based and ascending, that are not
// lines of old: with the lines compared as sameLine, the lines of cur a
// shortest edit script from old inserts. A run of changed lines that has
// as many or more lines in cur as in old is old's lines changed, then the
// rest inserted (-fix inserts the directives, gofmt the "//" that parts
// them from a doc comment's text, and may reword a doc comment); one with
// fewer lines in cur is an error, as a lineMap cannot take lines out.
func insertedBy(old, cur []string) ([]int, error) {
	a, b := make([]string, len(old)), make([]string, len(cur))
	for i, s := range old {
		a[i] = sameLine(s)
	}
	for j, s := range cur {
		b[j] = sameLine(s)
	}
	kept := append(append([][2]int{{-1, -1}}, matchLines(a, b)...), [2]int{len(a), len(b)})
	var inserted []int
	for n := 1; n < len(kept); n++ {
		p, q := kept[n-1], kept[n]
		del, ins := q[0]-p[0]-1, q[1]-p[1]-1
		if del > ins {
			return nil, fmt.Errorf("lines %d-%d became %d lines", p[0]+2, q[0], ins)
		}
		for j := p[1] + 1 + del; j < q[1]; j++ {
			inserted = append(inserted, j+1)
		}
	}
	return inserted, nil
}

// matchLines returns the pairs of indices of the lines of a and b that a
// shortest edit script from a to b keeps, ascending (Myers' O(ND)
// algorithm: the fixes change few lines).
func matchLines(a, b []string) [][2]int {
	n, m := len(a), len(b)
	off := n + m + 1
	v := make([]int, 2*off+1) // v[off+k]: the furthest x on diagonal k
	var trace [][]int         // trace[d]: v[off-d-1 : off+d+2] before step d
	for d := 0; d <= n+m; d++ {
		trace = append(trace, append([]int(nil), v[off-d-1:off+d+2]...))
		for k := -d; k <= d; k += 2 {
			x := v[off+k-1] + 1
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1]
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				return backtrack(a, b, trace, d)
			}
		}
	}
	panic("unreachable")
}

// backtrack walks matchLines' trace back from the end, at edit distance
// last, collecting the diagonal moves.
func backtrack(a, b []string, trace [][]int, last int) [][2]int {
	var pairs [][2]int
	x, y := len(a), len(b)
	for d := last; d > 0; d-- {
		v := trace[d]
		at := func(k int) int { return v[k+d+1] }
		k := x - y
		prev := k - 1
		if k == -d || (k != d && at(k-1) < at(k+1)) {
			prev = k + 1
		}
		px := at(prev)
		py := px - prev
		for x > px && y > py {
			x, y = x-1, y-1
			pairs = append(pairs, [2]int{x, y})
		}
		x, y = px, py
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		pairs = append(pairs, [2]int{x, y})
	}
	for i, j := 0, len(pairs)-1; i < j; i, j = i+1, j-1 {
		pairs[i], pairs[j] = pairs[j], pairs[i]
	}
	return pairs
}
