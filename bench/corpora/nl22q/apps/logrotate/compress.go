package logrotate

import (
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"

	"example.com/corpus/trial-nl22q/internal/par"
)

// Compressor gzips files.
type Compressor struct {
	level   int
	bufSize int
}

// NewCompressor returns a Compressor using the given gzip level.
func NewCompressor(level int) (*Compressor, error) {
	c := &Compressor{bufSize: 32 << 10}
	if err := c.SetLevel(level); err != nil {
		return nil, err
	}
	return c, nil
}

// SetLevel changes the gzip level used for files compressed from now on.
func (c *Compressor) SetLevel(level int) error {
	if level < gzip.HuffmanOnly || level > gzip.BestCompression {
		return errors.New("logrotate: invalid gzip level " + itoa(level))
	}
	c.level = level
	return nil
}

// Result describes one compressed file.
type Result struct {
	Source  string
	Archive string
	In, Out int64
	Err     error
}

// CompressFile writes src gzipped to dst and removes src.
func (c *Compressor) CompressFile(src, dst string) Result {
	in, out, err := compressFile(src, dst, c.level, c.bufSize)
	return Result{Source: src, Archive: dst, In: in, Out: out, Err: err}
}

// CompressAll compresses every path to path+".gz" on up to workers
// goroutines. The returned func waits for completion.
func (c *Compressor) CompressAll(paths []string, workers int) (wait func() []Result) {
	results := make([]Result, len(paths))
	done := par.ForEach(paths, workers, func(i int, p string) {
		results[i] = c.compressTo(p, p+".gz")
	})
	return func() []Result {
		done()
		return results
	}
}

func (c *Compressor) compressTo(src, dst string) Result {
	level := c.level // RACY
	in, out, err := compressFile(src, dst, level, c.bufSize)
	return Result{Source: src, Archive: dst, In: in, Out: out, Err: err}
}

// Pipeline compresses paths on up to workers goroutines and streams the
// results. Settings are fixed when Pipeline is called.
func (c *Compressor) Pipeline(paths []string, workers int) <-chan Result {
	level, bufSize := c.level, c.bufSize
	out := make(chan Result)
	wait := par.ForEach(paths, workers, func(_ int, p string) {
		in, n, err := compressFile(p, p+".gz", level, bufSize)
		out <- Result{Source: p, Archive: p + ".gz", In: in, Out: n, Err: err}
	})
	go func() {
		wait()
		close(out)
	}()
	return out
}

// compressFile gzips src into dst via a temporary file, then removes src.
// It returns the uncompressed and compressed sizes.
func compressFile(src, dst string, level, bufSize int) (in, out int64, err error) {
	f, err := os.Open(src)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return 0, 0, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(dst), ".rotate-*")
	if err != nil {
		return 0, 0, err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	cw := &countingWriter{w: tmp}
	zw, err := gzip.NewWriterLevel(cw, level)
	if err != nil {
		return 0, 0, err
	}
	zw.Name = filepath.Base(src)
	zw.ModTime = info.ModTime()
	in, err = io.CopyBuffer(zw, struct{ io.Reader }{f}, make([]byte, bufSize))
	if err != nil {
		return in, 0, err
	}
	if err = zw.Close(); err != nil {
		return in, 0, err
	}
	if err = tmp.Close(); err != nil {
		return in, 0, err
	}
	if err = os.Rename(tmp.Name(), dst); err != nil {
		return in, 0, err
	}
	if err = os.Remove(src); err != nil {
		return in, cw.n, err
	}
	return in, cw.n, nil
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// Decompress reads a whole gzip archive, for verification.
func Decompress(path string) ([]byte, string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, "", err
	}
	defer zr.Close()
	b, err := io.ReadAll(zr)
	return b, zr.Name, err
}
