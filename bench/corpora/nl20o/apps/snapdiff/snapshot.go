// Package snapdiff takes content snapshots of directory trees and reports
// what changed between two of them, as a backup tool does before deciding
// what to upload.
package snapdiff

import (
	"io/fs"
	"path"
	"slices"
	"strings"
	"time"
)

// Entry describes one file in a snapshot.
type Entry struct {
	Path string
	Size int64
	Mode fs.FileMode
	// Sum is the hex SHA-256 of the content, or "" if the file was too
	// large to hash.
	Sum string
}

// Snapshot is the state of a tree at one point in time. Entries are sorted
// by path.
type Snapshot struct {
	ID      string
	Taken   time.Time
	Entries []Entry
}

// Lookup returns the entry for p.
func (s *Snapshot) Lookup(p string) (Entry, bool) {
	i, ok := slices.BinarySearchFunc(s.Entries, p, func(e Entry, p string) int {
		return strings.Compare(e.Path, p)
	})
	if !ok {
		return Entry{}, false
	}
	return s.Entries[i], true
}

// TotalSize returns the sum of all file sizes.
func (s *Snapshot) TotalSize() int64 {
	var n int64
	for _, e := range s.Entries {
		n += e.Size
	}
	return n
}

// Dirs returns the size of every directory, including nested files, keyed
// by directory path ("." for the root).
func (s *Snapshot) Dirs() map[string]int64 {
	out := make(map[string]int64)
	for _, e := range s.Entries {
		for d := path.Dir(e.Path); ; d = path.Dir(d) {
			out[d] += e.Size
			if d == "." {
				break
			}
		}
	}
	return out
}

func sortEntries(entries []Entry) {
	slices.SortFunc(entries, func(a, b Entry) int { return strings.Compare(a.Path, b.Path) })
}
