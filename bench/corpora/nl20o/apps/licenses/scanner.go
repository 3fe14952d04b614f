package licenses

import (
	"io/fs"
	"path"
	"slices"
	"strings"

	"example.com/corpus/trial-nl20o/internal/par"
)

// LicenseFile is a license text found in a module directory.
type LicenseFile struct {
	Module     string
	Path       string
	License    string
	Confidence float64
}

var licenseNames = []string{"license", "licence", "copying", "unlicense"}

// IsLicenseFile reports whether name looks like a license file name such
// as LICENSE, LICENSE.md or COPYING.txt.
func IsLicenseFile(name string) bool {
	base := strings.ToLower(strings.TrimSuffix(name, path.Ext(name)))
	base, _, _ = strings.Cut(base, "-")
	return slices.Contains(licenseNames, base)
}

// Scanner detects the licenses of vendored modules from the license files
// they ship.
type Scanner struct {
	fsys    fs.FS
	workers int
	found   []LicenseFile
}

// NewScanner returns a Scanner reading module directories from fsys.
func NewScanner(fsys fs.FS, workers int) *Scanner {
	return &Scanner{fsys: fsys, workers: workers}
}

// Scan reads the license files of the given module directories in parallel
// and returns what it found, sorted by module and path. Directories that
// cannot be read are skipped.
func (s *Scanner) Scan(modules []string) []LicenseFile {
	s.found = make([]LicenseFile, 0, 2*len(modules))
	wait := par.ForEach(len(modules), s.workers, func(i int) {
		s.scanModule(modules[i])
	})
	wait()
	slices.SortFunc(s.found, func(a, b LicenseFile) int {
		if c := strings.Compare(a.Module, b.Module); c != 0 {
			return c
		}
		return strings.Compare(a.Path, b.Path)
	})
	return s.found
}

// Detected returns the license of every module that has exactly one
// recognised license; modules with none or conflicting ones are left out.
func Detected(files []LicenseFile) map[string]string {
	out := make(map[string]string)
	conflict := make(map[string]bool)
	for _, f := range files {
		if f.License == "" {
			continue
		}
		if prev, ok := out[f.Module]; ok && prev != f.License {
			conflict[f.Module] = true
		}
		out[f.Module] = f.License
	}
	for m := range conflict {
		delete(out, m)
	}
	return out
}

func (s *Scanner) scanModule(dir string) {
	entries, err := fs.ReadDir(s.fsys, dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if e.IsDir() || !IsLicenseFile(e.Name()) {
			continue
		}
		p := path.Join(dir, e.Name())
		data, err := fs.ReadFile(s.fsys, p)
		if err != nil {
			continue
		}
		id, conf := Detect(string(data))
		s.add(LicenseFile{Module: dir, Path: p, License: id, Confidence: conf})
	}
}

func (s *Scanner) add(f LicenseFile) {
	s.found = append(s.found, f) // RACY
}
