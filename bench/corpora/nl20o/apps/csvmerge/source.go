package csvmerge

import (
	"bufio"
	"io"
	"io/fs"
	"strings"
)

// Source supplies the CSV data of one report.
type Source interface {
	Name() string
	Open() (io.ReadCloser, error)
}

type stringSource struct{ name, data string }

// StringSource returns a Source serving data.
func StringSource(name, data string) Source { return stringSource{name, data} }

func (s stringSource) Name() string { return s.name }
func (s stringSource) Open() (io.ReadCloser, error) {
	return io.NopCloser(strings.NewReader(s.data)), nil
}

// FileSource reads a report from a file system.
type FileSource struct {
	FS   fs.FS
	Path string
}

// Name returns the file path.
func (f FileSource) Name() string { return f.Path }

// Open opens the file.
func (f FileSource) Open() (io.ReadCloser, error) { return f.FS.Open(f.Path) }

// SniffComma guesses the field separator of CSV data from its first line:
// the candidate that occurs most often wins, with ',' as the default.
func SniffComma(r io.Reader) (rune, error) {
	line, err := bufio.NewReader(r).ReadString('\n')
	if err != nil && err != io.EOF {
		return 0, err
	}
	best, count := ',', 0
	for _, c := range []rune{',', ';', '\t', '|'} {
		if n := strings.Count(line, string(c)); n > count {
			best, count = c, n
		}
	}
	return best, nil
}
