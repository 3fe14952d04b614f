package fix

import (
	"cmp"
	"fmt"
	"maps"
	"os"
	"slices"
)

// An Insertion is a text edit that only inserts, as -suggest's do, by file
// and byte offset: a driver collects them from the diagnostics of many
// passes, whose token positions do not compare.
type Insertion struct {
	File   string
	Offset int
	Text   string
}

// Insert writes the insertions into their files, each distinct insertion
// once, and returns how many files it changed.
func Insert(insertions []Insertion) (int, error) {
	byFile := make(map[string][]Insertion)
	for _, e := range insertions {
		if !slices.Contains(byFile[e.File], e) {
			byFile[e.File] = append(byFile[e.File], e)
		}
	}
	for _, file := range slices.Sorted(maps.Keys(byFile)) {
		src, err := os.ReadFile(file)
		if err != nil {
			return 0, err
		}
		edits := byFile[file]
		// From the end, so that offsets stay valid; at one offset, in the
		// order of their text.
		slices.SortFunc(edits, func(a, b Insertion) int { return cmp.Or(cmp.Compare(b.Offset, a.Offset), cmp.Compare(b.Text, a.Text)) })
		for _, e := range edits {
			if e.Offset > len(src) {
				return 0, fmt.Errorf("%s changed while it was analysed", file)
			}
			src = slices.Concat(src[:e.Offset], []byte(e.Text), src[e.Offset:])
		}
		info, err := os.Stat(file)
		if err != nil {
			return 0, err
		}
		if err := os.WriteFile(file, src, info.Mode().Perm()); err != nil {
			return 0, err
		}
	}
	return len(byFile), nil
}
