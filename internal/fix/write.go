package fix

// This file writes fixes into files, for the standalone driver, which
// applies fixes from many passes (whose token positions do not compare)
// and repeats until every fix is in.

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"go/format"
	"go/token"
	"maps"
	"os"
	"slices"
	"strings"
)

// A FileEdit is a text edit by file name and byte offsets.
type FileEdit struct {
	File       string
	Start, End int
	Text       string
}

// A Change is the edits of one suggested fix, and the finding it fixes
// ("file:line:col: message"), for messages.
type Change struct {
	Pos     token.Position
	Message string
	Edits   []FileEdit
}

// Finding is the finding c fixes, as drivers print it.
func (c Change) Finding() string { return c.Pos.String() + ": " + c.Message }

// Distinct sorts changes by their findings' places (line 90 before line
// 136) and messages, and keeps one per place and edits: a package and its
// test variant report the same, maybe with other evidence.
func Distinct(changes []Change) []Change {
	slices.SortFunc(changes, func(a, b Change) int {
		return cmp.Or(cmp.Compare(a.Pos.Filename, b.Pos.Filename), cmp.Compare(a.Pos.Line, b.Pos.Line), cmp.Compare(a.Pos.Column, b.Pos.Column), cmp.Compare(a.Message, b.Message))
	})
	return slices.CompactFunc(changes, func(a, b Change) bool { return a.Pos == b.Pos && slices.Equal(a.Edits, b.Edits) })
}

// Compatible splits changes into those that apply together, in order
// (each overlaps none kept before it; an edit two changes share counts
// once), and the others, which the next round finds again where the kept
// ones left them.
func Compatible(changes []Change) (kept, later []Change) {
	var taken []FileEdit
	for _, c := range changes {
		if slices.ContainsFunc(c.Edits, func(e FileEdit) bool { return slices.ContainsFunc(taken, e.overlaps) }) {
			later = append(later, c)
			continue
		}
		kept = append(kept, c)
		for _, e := range c.Edits {
			if !slices.Contains(taken, e) {
				taken = append(taken, e)
			}
		}
	}
	return kept, later
}

// overlaps reports whether e and o cannot both apply: they change text in
// common, or insert different text at one place.
func (e FileEdit) overlaps(o FileEdit) bool {
	if e.File != o.File || e == o {
		return false
	}
	if e.Start == e.End && o.Start == o.End {
		return e.Start == o.Start
	}
	return e.Start < o.End && o.Start < e.End
}

// A Written file and what it held before, to put back.
type Written struct {
	File     string
	Original []byte
}

// Write applies the edits of changes (compatible ones) to their files,
// gofmt-formatted. Nothing is lost: a file whose size is not what it was
// when loaded (sizes, by name) has changed since and is left alone, and so
// is a file the edits would leave unparsable; problems says which, with
// the findings whose fixes were not written.
func Write(changes []Change, sizes map[string]int) (written []Written, problems []string) {
	byFile := make(map[string][]FileEdit)
	findings := make(map[string][]string)
	for _, c := range changes {
		for _, e := range c.Edits {
			if !slices.Contains(byFile[e.File], e) {
				byFile[e.File] = append(byFile[e.File], e)
			}
			if !slices.Contains(findings[e.File], c.Finding()) {
				findings[e.File] = append(findings[e.File], c.Finding())
			}
		}
	}
	for _, file := range slices.Sorted(maps.Keys(byFile)) {
		fail := func(why string) {
			problems = append(problems, fmt.Sprintf("%s: %s; not written, so these fixes are not in:\n\t%s", file, why, joinLines(findings[file])))
		}
		src, err := os.ReadFile(file)
		if err != nil {
			fail(err.Error())
			continue
		}
		if size, ok := sizes[file]; ok && size != len(src) {
			fail("changed on disk since it was loaded")
			continue
		}
		out, err := apply(src, byFile[file])
		if err == nil {
			out, err = format.Source(out)
		}
		if err != nil {
			fail(fmt.Sprintf("the fixes would leave it unparsable (%v)", err))
			continue
		}
		if bytes.Equal(out, src) {
			continue
		}
		info, err := os.Stat(file)
		if err == nil {
			err = os.WriteFile(file, out, info.Mode().Perm())
		}
		if err != nil {
			fail(err.Error())
			continue
		}
		written = append(written, Written{file, src})
	}
	return written, problems
}

// apply applies edits that do not overlap to src; at one offset,
// insertions go first, in the order of their text.
func apply(src []byte, edits []FileEdit) ([]byte, error) {
	slices.SortFunc(edits, func(a, b FileEdit) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End), cmp.Compare(a.Text, b.Text))
	})
	var out []byte
	at := 0
	for _, e := range edits {
		if e.Start < at || e.End > len(src) || e.Start > e.End {
			return nil, fmt.Errorf("an edit at offset %d does not fit the file", e.Start)
		}
		out = append(append(out, src[at:e.Start]...), e.Text...)
		at = e.End
	}
	return append(out, src[at:]...), nil
}

// Restore puts back what the files held before they were written.
func Restore(files []Written) error {
	var errs []error
	for _, w := range files {
		if err := os.WriteFile(w.File, w.Original, 0o644); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func joinLines(lines []string) string {
	return strings.Join(lines, "\n\t")
}
