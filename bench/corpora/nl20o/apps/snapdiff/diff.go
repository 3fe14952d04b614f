package snapdiff

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// ChangeKind classifies a Change.
type ChangeKind int

// Kinds of change.
const (
	Added ChangeKind = iota
	Removed
	Modified
	Renamed
)

func (k ChangeKind) String() string {
	switch k {
	case Added:
		return "added"
	case Removed:
		return "removed"
	case Modified:
		return "modified"
	case Renamed:
		return "renamed"
	}
	return fmt.Sprintf("ChangeKind(%d)", int(k))
}

// Change is one difference between two snapshots. From is set for renames.
type Change struct {
	Kind ChangeKind
	Path string
	From string
	Old  Entry
	New  Entry
}

func (c Change) String() string {
	if c.Kind == Renamed {
		return fmt.Sprintf("%s %s -> %s", c.Kind, c.From, c.Path)
	}
	return fmt.Sprintf("%s %s", c.Kind, c.Path)
}

// Diff lists the changes from old to cur, sorted by path. A removed file
// whose content reappears under a new path is reported as one rename.
// Files without a content sum are compared by size and mode only.
func Diff(old, cur *Snapshot) []Change {
	var changes []Change
	i, j := 0, 0
	for i < len(old.Entries) || j < len(cur.Entries) {
		switch {
		case j == len(cur.Entries) || (i < len(old.Entries) && old.Entries[i].Path < cur.Entries[j].Path):
			changes = append(changes, Change{Kind: Removed, Path: old.Entries[i].Path, Old: old.Entries[i]})
			i++
		case i == len(old.Entries) || cur.Entries[j].Path < old.Entries[i].Path:
			changes = append(changes, Change{Kind: Added, Path: cur.Entries[j].Path, New: cur.Entries[j]})
			j++
		default:
			if !sameContent(old.Entries[i], cur.Entries[j]) {
				changes = append(changes, Change{Kind: Modified, Path: cur.Entries[j].Path, Old: old.Entries[i], New: cur.Entries[j]})
			}
			i++
			j++
		}
	}
	return detectRenames(changes)
}

func sameContent(a, b Entry) bool {
	if a.Size != b.Size || a.Mode != b.Mode {
		return false
	}
	return a.Sum == "" || b.Sum == "" || a.Sum == b.Sum
}

func detectRenames(changes []Change) []Change {
	removedBySum := make(map[string]int)
	for i, c := range changes {
		if c.Kind == Removed && c.Old.Sum != "" {
			removedBySum[c.Old.Sum] = i
		}
	}
	drop := make(map[int]bool)
	for i, c := range changes {
		if c.Kind != Added || c.New.Sum == "" {
			continue
		}
		r, ok := removedBySum[c.New.Sum]
		if !ok || drop[r] {
			continue
		}
		drop[r] = true
		changes[i] = Change{Kind: Renamed, Path: c.Path, From: changes[r].Path, Old: changes[r].Old, New: c.New}
	}
	out := changes[:0]
	for i, c := range changes {
		if !drop[i] {
			out = append(out, c)
		}
	}
	return out
}

// Summary counts changes by kind and the bytes a backup has to upload.
type Summary struct {
	Added, Removed, Modified, Renamed int
	UploadBytes                       int64
}

// Summarize counts changes.
func Summarize(changes []Change) Summary {
	var s Summary
	for _, c := range changes {
		switch c.Kind {
		case Added:
			s.Added++
			s.UploadBytes += c.New.Size
		case Removed:
			s.Removed++
		case Modified:
			s.Modified++
			s.UploadBytes += c.New.Size
		case Renamed:
			s.Renamed++
		}
	}
	return s
}

// DirDelta is the change in size of one directory.
type DirDelta struct {
	Dir   string
	Delta int64
}

// Report is a full comparison of two snapshots.
type Report struct {
	Changes []Change
	Dirs    []DirDelta
}

// Compare diffs two finished snapshots and computes the per-directory size
// changes, both at once. Neither snapshot may be modified while Compare
// runs.
func Compare(old, cur *Snapshot) *Report {
	var (
		r  Report
		wg sync.WaitGroup
	)
	wg.Go(func() { r.Changes = Diff(old, cur) })
	wg.Go(func() { r.Dirs = dirDeltas(old.Dirs(), cur.Dirs()) })
	wg.Wait()
	return &r
}

func dirDeltas(before, after map[string]int64) []DirDelta {
	var out []DirDelta
	for d, n := range after {
		if n != before[d] {
			out = append(out, DirDelta{Dir: d, Delta: n - before[d]})
		}
	}
	for d, n := range before {
		if _, ok := after[d]; !ok {
			out = append(out, DirDelta{Dir: d, Delta: -n})
		}
	}
	slices.SortFunc(out, func(a, b DirDelta) int { return strings.Compare(a.Dir, b.Dir) })
	return out
}
