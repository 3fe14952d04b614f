package main

import (
	"path"
	"regexp"
	"sort"
	"strconv"
)

// A lineMap takes line numbers in the annotated copy back to the module as
// published, so that results point at upstream's lines whatever the spec
// inserts: for each file (slash path relative to the module root), the
// lines of the copy that are inserted directives, ascending.
type lineMap map[string][]int

// upstream returns the line of upstream's file that line of the copy
// shows; an inserted directive maps to the declaration under it.
func (m lineMap) upstream(file string, line int) int {
	inserted := m[file]
	return line - sort.SearchInts(inserted, line)
}

// goPosition matches the "file.go:LINE" positions findings quote.
var goPosition = regexp.MustCompile(`\b([\w.-]+\.go):(\d+)\b`)

// fixMessage rewrites the positions quoted in a finding's message. They
// name files by base name: one in the finding's own directory, else the
// only annotated file of that name.
func (m lineMap) fixMessage(findingFile, message string) string {
	return goPosition.ReplaceAllStringFunc(message, func(s string) string {
		sub := goPosition.FindStringSubmatch(s)
		line, err := strconv.Atoi(sub[2])
		if err != nil {
			return s
		}
		file, ok := m.resolve(path.Dir(findingFile), sub[1])
		if !ok {
			return s
		}
		return sub[1] + ":" + strconv.Itoa(m.upstream(file, line))
	})
}

func (m lineMap) resolve(dir, base string) (string, bool) {
	if file := path.Join(dir, base); m[file] != nil {
		return file, true
	}
	var found []string
	for file := range m {
		if path.Base(file) == base {
			found = append(found, file)
		}
	}
	if len(found) == 1 {
		return found[0], true
	}
	// Not annotated here, or ambiguous: a file without insertions needs
	// no fixing, and ambiguity is left as it is.
	return "", false
}
