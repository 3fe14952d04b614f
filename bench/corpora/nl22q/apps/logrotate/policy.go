// Package logrotate rotates and compresses application log files and
// prunes old archives.
package logrotate

import (
	"cmp"
	"errors"
	"slices"
	"strings"
	"time"
)

const stampLayout = "20060102-150405"

// Policy decides when a log is rotated and how many archives are kept.
type Policy struct {
	// MaxSize rotates a log once it reaches this many bytes. Zero disables.
	MaxSize int64
	// MaxAge rotates a non-empty log whose last modification is older
	// than this. Zero disables.
	MaxAge time.Duration
	// Keep is the number of archives retained per log.
	Keep int
	// Suffix selects live logs by file name.
	Suffix string
}

// DefaultPolicy rotates at 10 MiB or daily and keeps a week of archives.
func DefaultPolicy() Policy {
	return Policy{MaxSize: 10 << 20, MaxAge: 24 * time.Hour, Keep: 7, Suffix: ".log"}
}

// Validate reports configuration mistakes.
func (p Policy) Validate() error {
	var errs []error
	if p.MaxSize < 0 {
		errs = append(errs, errors.New("negative MaxSize"))
	}
	if p.MaxAge < 0 {
		errs = append(errs, errors.New("negative MaxAge"))
	}
	if p.Keep < 0 {
		errs = append(errs, errors.New("negative Keep"))
	}
	if p.MaxSize == 0 && p.MaxAge == 0 {
		errs = append(errs, errors.New("neither MaxSize nor MaxAge set: nothing would rotate"))
	}
	if p.Suffix == "" {
		errs = append(errs, errors.New("empty Suffix"))
	}
	return errors.Join(errs...)
}

// LogFile is a live log found in the directory.
type LogFile struct {
	Name    string
	Size    int64
	ModTime time.Time
}

// ArchiveFile is a compressed, rotated log.
type ArchiveFile struct {
	Name  string
	Base  string
	Stamp time.Time
	Seq   int
}

// ArchiveName returns the archive file name for base rotated at t. Seq
// disambiguates rotations within the same second.
func ArchiveName(base string, t time.Time, seq int) string {
	name := base + "." + t.UTC().Format(stampLayout)
	if seq > 0 {
		name += "_" + itoa(seq)
	}
	return name + ".gz"
}

// ParseArchiveName is the inverse of ArchiveName.
func ParseArchiveName(name string) (ArchiveFile, bool) {
	rest, ok := strings.CutSuffix(name, ".gz")
	if !ok {
		return ArchiveFile{}, false
	}
	dot := strings.LastIndexByte(rest, '.')
	if dot <= 0 {
		return ArchiveFile{}, false
	}
	base, stamp := rest[:dot], rest[dot+1:]
	seq := 0
	if i := strings.IndexByte(stamp, '_'); i >= 0 {
		n, ok := atoi(stamp[i+1:])
		if !ok {
			return ArchiveFile{}, false
		}
		stamp, seq = stamp[:i], n
	}
	t, err := time.Parse(stampLayout, stamp)
	if err != nil {
		return ArchiveFile{}, false
	}
	return ArchiveFile{Name: name, Base: base, Stamp: t, Seq: seq}, true
}

// Due reports whether lf should be rotated at now.
func (p Policy) Due(lf LogFile, now time.Time) bool {
	if lf.Size == 0 {
		return false
	}
	if p.MaxSize > 0 && lf.Size >= p.MaxSize {
		return true
	}
	return p.MaxAge > 0 && now.Sub(lf.ModTime) >= p.MaxAge
}

// Expired returns the archives that exceed Keep for their base, oldest
// first.
func (p Policy) Expired(archives []ArchiveFile) []ArchiveFile {
	byBase := map[string][]ArchiveFile{}
	for _, a := range archives {
		byBase[a.Base] = append(byBase[a.Base], a)
	}
	var out []ArchiveFile
	for _, as := range byBase {
		if len(as) <= p.Keep {
			continue
		}
		slices.SortFunc(as, func(a, b ArchiveFile) int {
			return cmp.Or(a.Stamp.Compare(b.Stamp), cmp.Compare(a.Seq, b.Seq))
		})
		out = append(out, as[:len(as)-p.Keep]...)
	}
	slices.SortFunc(out, func(a, b ArchiveFile) int { return cmp.Compare(a.Name, b.Name) })
	return out
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}

func atoi(s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	n := 0
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}
