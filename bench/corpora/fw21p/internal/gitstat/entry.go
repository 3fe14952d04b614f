// Package gitstat parses the porcelain output of `git status` and keeps the
// resulting working tree state in a form that is convenient for display.
package gitstat

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Code is a single porcelain status letter such as 'M', 'A' or '?'.
type Code byte

// Status letters used by `git status --porcelain=v1`.
const (
	Unmodified Code = ' '
	Modified   Code = 'M'
	TypeChange Code = 'T'
	Added      Code = 'A'
	Deleted    Code = 'D'
	Renamed    Code = 'R'
	Copied     Code = 'C'
	Unmerged   Code = 'U'
	Untracked  Code = '?'
	Ignored    Code = '!'
)

// ErrMalformed is returned for lines that do not follow the porcelain format.
var ErrMalformed = errors.New("gitstat: malformed status line")

// Entry is one path reported by git status.
type Entry struct {
	Path  string
	Orig  string // source path for renames and copies
	Index Code
	Work  Code
}

// Staged reports whether the entry has changes in the index.
func (e Entry) Staged() bool {
	return e.Index != Unmodified && e.Index != Untracked && e.Index != Ignored && !e.Conflicted()
}

// Unstaged reports whether the working tree differs from the index.
func (e Entry) Unstaged() bool {
	return e.Work != Unmodified && e.Work != Untracked && e.Work != Ignored && !e.Conflicted()
}

// IsUntracked reports whether git does not know about the path yet.
func (e Entry) IsUntracked() bool { return e.Index == Untracked && e.Work == Untracked }

// Conflicted reports whether the entry is part of an unresolved merge.
func (e Entry) Conflicted() bool {
	if e.Index == Unmerged || e.Work == Unmerged {
		return true
	}
	return (e.Index == Added && e.Work == Added) || (e.Index == Deleted && e.Work == Deleted)
}

// Short renders the two status letters the way `git status -s` does.
func (e Entry) Short() string {
	return string([]byte{byte(e.Index), byte(e.Work)})
}

// String renders the entry as a porcelain line.
func (e Entry) String() string {
	if e.Orig != "" {
		return e.Short() + " " + e.Orig + " -> " + e.Path
	}
	return e.Short() + " " + e.Path
}

// ParseLine parses one porcelain v1 line such as " M main.go" or
// "R  old.go -> new.go".
func ParseLine(line string) (Entry, error) {
	line = strings.TrimRight(line, "\r\n")
	if len(line) < 4 || line[2] != ' ' {
		return Entry{}, fmt.Errorf("%w: %q", ErrMalformed, line)
	}
	e := Entry{Index: Code(line[0]), Work: Code(line[1])}
	if !validCode(e.Index) || !validCode(e.Work) {
		return Entry{}, fmt.Errorf("%w: unknown status %q", ErrMalformed, line[:2])
	}
	rest := line[3:]
	if e.Index == Renamed || e.Index == Copied {
		from, to, ok := strings.Cut(rest, " -> ")
		if !ok {
			return Entry{}, fmt.Errorf("%w: rename without target: %q", ErrMalformed, line)
		}
		e.Orig = unquote(from)
		rest = to
	}
	e.Path = unquote(rest)
	if e.Path == "" {
		return Entry{}, fmt.Errorf("%w: empty path", ErrMalformed)
	}
	return e, nil
}

func validCode(c Code) bool {
	switch c {
	case Unmodified, Modified, TypeChange, Added, Deleted, Renamed, Copied, Unmerged, Untracked, Ignored:
		return true
	}
	return false
}

func unquote(p string) string {
	if len(p) >= 2 && p[0] == '"' && p[len(p)-1] == '"' {
		if s, err := strconv.Unquote(p); err == nil {
			return s
		}
	}
	return p
}

// Branch describes the "## " header line of `git status -b`.
type Branch struct {
	Head     string
	Upstream string
	Ahead    int
	Behind   int
	Detached bool
}

// Diverged reports whether the branch has both local and remote commits.
func (b Branch) Diverged() bool { return b.Ahead > 0 && b.Behind > 0 }

// Describe renders the branch the way a prompt would.
func (b Branch) Describe() string {
	var sb strings.Builder
	sb.WriteString(b.Head)
	if b.Upstream != "" {
		sb.WriteString(" → ")
		sb.WriteString(b.Upstream)
	}
	if b.Ahead > 0 {
		sb.WriteString(" ↑")
		sb.WriteString(strconv.Itoa(b.Ahead))
	}
	if b.Behind > 0 {
		sb.WriteString(" ↓")
		sb.WriteString(strconv.Itoa(b.Behind))
	}
	return sb.String()
}

// IsBranchLine reports whether line is a branch header.
func IsBranchLine(line string) bool { return strings.HasPrefix(line, "## ") }

// ParseBranch parses a header such as "## main...origin/main [ahead 1, behind 2]".
func ParseBranch(line string) (Branch, error) {
	line = strings.TrimRight(line, "\r\n")
	if !IsBranchLine(line) {
		return Branch{}, fmt.Errorf("%w: not a branch header: %q", ErrMalformed, line)
	}
	rest := line[3:]
	var b Branch
	if strings.HasPrefix(rest, "HEAD (no branch)") {
		b.Head = "HEAD"
		b.Detached = true
		return b, nil
	}
	track := ""
	if i := strings.Index(rest, " ["); i >= 0 && strings.HasSuffix(rest, "]") {
		track = rest[i+2 : len(rest)-1]
		rest = rest[:i]
	}
	b.Head, b.Upstream, _ = strings.Cut(rest, "...")
	b.Head = strings.TrimPrefix(b.Head, "No commits yet on ")
	for _, part := range strings.Split(track, ", ") {
		key, val, ok := strings.Cut(part, " ")
		if !ok {
			continue
		}
		n, err := strconv.Atoi(val)
		if err != nil {
			return Branch{}, fmt.Errorf("%w: bad tracking count %q", ErrMalformed, part)
		}
		switch key {
		case "ahead":
			b.Ahead = n
		case "behind":
			b.Behind = n
		}
	}
	return b, nil
}
