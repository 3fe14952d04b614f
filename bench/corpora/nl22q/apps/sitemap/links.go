package sitemap

import (
	"bytes"
	"net/url"
	"path"
	"strings"
)

// extractLinks returns the absolute http(s) targets of href attributes in
// body, resolved against base, in document order and without duplicates.
func extractLinks(body []byte, base *url.URL) []string {
	lower := bytes.ToLower(body)
	var out []string
	seen := map[string]bool{}
	for i := 0; ; {
		j := bytes.Index(lower[i:], []byte("href"))
		if j < 0 {
			break
		}
		i += j + len("href")
		k := skipSpace(lower, i)
		if k >= len(lower) || lower[k] != '=' {
			continue
		}
		k = skipSpace(lower, k+1)
		if k >= len(lower) {
			break
		}
		var raw []byte
		switch q := lower[k]; q {
		case '"', '\'':
			end := bytes.IndexByte(lower[k+1:], q)
			if end < 0 {
				return out
			}
			raw = body[k+1 : k+1+end]
			i = k + 1 + end
		default:
			end := k
			for end < len(lower) && lower[end] != ' ' && lower[end] != '>' && lower[end] != '\t' && lower[end] != '\n' {
				end++
			}
			raw = body[k:end]
			i = end
		}
		if link, ok := resolve(base, strings.TrimSpace(string(raw))); ok && !seen[link] {
			seen[link] = true
			out = append(out, link)
		}
	}
	return out
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// resolve turns ref into a normalised absolute URL.
func resolve(base *url.URL, ref string) (string, bool) {
	if ref == "" || strings.HasPrefix(ref, "#") {
		return "", false
	}
	u, err := url.Parse(ref)
	if err != nil {
		return "", false
	}
	abs := base.ResolveReference(u)
	if abs.Scheme != "http" && abs.Scheme != "https" {
		return "", false
	}
	return normalise(abs), true
}

// normalise lowercases scheme and host, drops fragments and default ports
// and cleans the path.
func normalise(u *url.URL) string {
	n := *u
	n.Scheme = strings.ToLower(n.Scheme)
	n.Host = strings.ToLower(n.Host)
	if (n.Scheme == "http" && strings.HasSuffix(n.Host, ":80")) || (n.Scheme == "https" && strings.HasSuffix(n.Host, ":443")) {
		n.Host = n.Host[:strings.LastIndexByte(n.Host, ':')]
	}
	n.Fragment = ""
	n.RawFragment = ""
	if n.Path == "" {
		n.Path = "/"
	} else {
		trailing := strings.HasSuffix(n.Path, "/")
		n.Path = path.Clean(n.Path)
		if trailing && n.Path != "/" {
			n.Path += "/"
		}
	}
	n.RawPath = ""
	return n.String()
}

// noindex reports whether the page asks not to be indexed.
func noindex(body []byte) bool {
	lower := bytes.ToLower(body)
	i := bytes.Index(lower, []byte(`name="robots"`))
	if i < 0 {
		return false
	}
	end := bytes.IndexByte(lower[i:], '>')
	if end < 0 {
		end = len(lower) - i
	}
	return bytes.Contains(lower[i:i+end], []byte("noindex"))
}
