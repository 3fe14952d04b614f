package exifindex

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Source loads the raw bytes of a photo.
type Source interface {
	Load(path string) ([]byte, error)
}

// MemSource serves photos from memory.
type MemSource map[string][]byte

// Load implements Source.
func (s MemSource) Load(path string) ([]byte, error) {
	raw, ok := s[path]
	if !ok {
		return nil, fmt.Errorf("%s: %w", path, fs.ErrNotExist)
	}
	return raw, nil
}

// DirSource reads photos from a directory tree.
type DirSource struct{ Root string }

// Load implements Source.
func (d DirSource) Load(path string) ([]byte, error) {
	return os.ReadFile(filepath.Join(d.Root, path))
}

// Walk lists the image files below the root, relative to it.
func (d DirSource) Walk() ([]string, error) {
	var out []string
	err := filepath.WalkDir(d.Root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() || !isImage(p) {
			return nil
		}
		rel, err := filepath.Rel(d.Root, p)
		if err != nil {
			return err
		}
		out = append(out, rel)
		return nil
	})
	return out, err
}

func isImage(p string) bool {
	switch strings.ToLower(filepath.Ext(p)) {
	case ".jpg", ".jpeg", ".tif", ".tiff", ".heic":
		return true
	}
	return false
}
