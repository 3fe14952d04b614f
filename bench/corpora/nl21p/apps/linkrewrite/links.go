package linkrewrite

import (
	"bytes"
	"net/url"
	"path"
	"strings"
)

// linkAttr is one href or src attribute value inside an HTML document.
type linkAttr struct {
	Name       string
	Value      string
	Start, End int // byte offsets of Value in the document
}

var linkAttrs = []string{"href", "src", "action", "poster"}

// scanLinks finds every link-bearing attribute in doc.
func scanLinks(doc []byte) []linkAttr {
	var out []linkAttr
	lower := bytes.ToLower(doc)
	inTag := false
	for i := 0; i < len(doc); i++ {
		switch c := doc[i]; {
		case c == '<':
			if bytes.HasPrefix(doc[i:], []byte("<!--")) {
				end := bytes.Index(doc[i+4:], []byte("-->"))
				if end < 0 {
					return out
				}
				i += 4 + end + 2
				continue
			}
			inTag = true
		case c == '>':
			inTag = false
		case inTag && (c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			if a, next, ok := attrAt(doc, lower, i+1); ok {
				out = append(out, a)
				i = next - 1
			}
		}
	}
	return out
}

// attrAt parses a link attribute starting at i, returning it and the
// offset just past its value.
func attrAt(doc, lower []byte, i int) (linkAttr, int, bool) {
	for _, name := range linkAttrs {
		if !bytes.HasPrefix(lower[i:], []byte(name)) {
			continue
		}
		j := i + len(name)
		for j < len(doc) && doc[j] == ' ' {
			j++
		}
		if j >= len(doc) || doc[j] != '=' {
			return linkAttr{}, 0, false
		}
		j++
		for j < len(doc) && doc[j] == ' ' {
			j++
		}
		if j >= len(doc) {
			return linkAttr{}, 0, false
		}
		if q := doc[j]; q == '"' || q == '\'' {
			end := bytes.IndexByte(doc[j+1:], q)
			if end < 0 {
				return linkAttr{}, 0, false
			}
			start := j + 1
			return linkAttr{Name: name, Value: string(doc[start : start+end]), Start: start, End: start + end}, start + end + 1, true
		}
		start := j
		for j < len(doc) && doc[j] != ' ' && doc[j] != '>' && doc[j] != '\t' && doc[j] != '\n' {
			j++
		}
		return linkAttr{Name: name, Value: string(doc[start:j]), Start: start, End: j}, j, true
	}
	return linkAttr{}, 0, false
}

// linkKind classifies a reference.
type linkKind int

const (
	kindInternal linkKind = iota
	kindFragment
	kindExternal
	kindOther
)

// ref is a parsed reference relative to the page that contains it.
type ref struct {
	kind   linkKind
	target string // absolute site path for internal links
	query  string
	frag   string
}

func parseRef(pagePath, raw string) ref {
	raw = strings.TrimSpace(raw)
	switch {
	case raw == "":
		return ref{kind: kindOther}
	case strings.HasPrefix(raw, "#"):
		return ref{kind: kindFragment, frag: raw[1:]}
	case strings.HasPrefix(raw, "//"):
		return ref{kind: kindExternal}
	}
	u, err := url.Parse(raw)
	if err != nil {
		return ref{kind: kindOther}
	}
	if u.Scheme != "" || u.Host != "" {
		if u.Scheme == "http" || u.Scheme == "https" {
			return ref{kind: kindExternal}
		}
		return ref{kind: kindOther}
	}
	target := u.Path
	if !strings.HasPrefix(target, "/") {
		target = path.Join(path.Dir(pagePath), target)
		if strings.HasSuffix(u.Path, "/") || u.Path == "." {
			target += "/"
		}
	}
	if strings.HasSuffix(u.Path, "/") && !strings.HasSuffix(target, "/") {
		target += "/"
	}
	return ref{kind: kindInternal, target: target, query: u.RawQuery, frag: u.Fragment}
}

// prettyPath turns "/a/index.html" into "/a/" and "/a/b.html" into "/a/b/".
func prettyPath(p string) string {
	if strings.HasSuffix(p, "/index.html") {
		return strings.TrimSuffix(p, "index.html")
	}
	if strings.HasSuffix(p, ".html") {
		return strings.TrimSuffix(p, ".html") + "/"
	}
	return p
}

// outputPath is where a page is written when pretty URLs are enabled.
func outputPath(p string, pretty bool) string {
	if !pretty || !strings.HasSuffix(p, ".html") || strings.HasSuffix(p, "/index.html") {
		return p
	}
	return strings.TrimSuffix(p, ".html") + "/index.html"
}

func joinBase(base, p string) string {
	base = strings.TrimSuffix(base, "/")
	return base + p
}
