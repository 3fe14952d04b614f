// Package linkrewrite rewrites the internal links of a static site for a
// new base path and URL style, and reports broken and external links.
package linkrewrite

import (
	"errors"
	"io/fs"
	"path"
	"slices"
	"strings"
)

// ErrBadPath is returned for page paths that escape the site root.
var ErrBadPath = errors.New("linkrewrite: invalid page path")

// Page is one file of the site. Path is absolute and slash-separated,
// for example "/guide/install.html".
type Page struct {
	Path string
	Body []byte
}

// IsHTML reports whether the page is an HTML document.
func (p Page) IsHTML() bool {
	ext := strings.ToLower(path.Ext(p.Path))
	return ext == ".html" || ext == ".htm"
}

// Site is an in-memory collection of pages.
type Site struct {
	pages []Page
	index map[string]int
}

// NewSite returns an empty site.
func NewSite() *Site {
	return &Site{index: make(map[string]int)}
}

// CleanPath normalises a page path to the form used as a Site key.
func CleanPath(p string) (string, error) {
	p = strings.ReplaceAll(p, "\\", "/")
	if strings.Contains(p, "..") {
		for _, seg := range strings.Split(p, "/") {
			if seg == ".." {
				return "", ErrBadPath
			}
		}
	}
	p = path.Clean("/" + p)
	if p == "/" {
		return "", ErrBadPath
	}
	return p, nil
}

// Add stores a page, replacing any page with the same path.
func (s *Site) Add(p string, body []byte) error {
	clean, err := CleanPath(p)
	if err != nil {
		return err
	}
	if i, ok := s.index[clean]; ok {
		s.pages[i].Body = body
		return nil
	}
	s.index[clean] = len(s.pages)
	s.pages = append(s.pages, Page{Path: clean, Body: body})
	return nil
}

// Load reads every regular file of fsys into a new site.
func Load(fsys fs.FS) (*Site, error) {
	s := NewSite()
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if strings.HasPrefix(d.Name(), ".") {
			return nil
		}
		body, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		return s.Add(p, body)
	})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Len reports the number of pages.
func (s *Site) Len() int { return len(s.pages) }

// Page returns the page stored at p.
func (s *Site) Page(p string) (Page, bool) {
	i, ok := s.index[p]
	if !ok {
		return Page{}, false
	}
	return s.pages[i], true
}

// Pages returns a copy of the page list in insertion order.
func (s *Site) Pages() []Page { return slices.Clone(s.pages) }

// lookup finds the page a site path refers to, trying the directory index
// and an implicit ".html" extension as web servers do.
func (s *Site) lookup(p string) (string, bool) {
	if strings.HasSuffix(p, "/") {
		p += "index.html"
	}
	if _, ok := s.index[p]; ok {
		return p, true
	}
	if path.Ext(p) == "" {
		for _, c := range []string{p + ".html", p + "/index.html"} {
			if _, ok := s.index[c]; ok {
				return c, true
			}
		}
	}
	return p, false
}
