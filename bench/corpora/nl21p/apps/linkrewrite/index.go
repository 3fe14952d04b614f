package linkrewrite

import (
	"bytes"
	"encoding/xml"
	"slices"
	"strings"
	"unicode"
)

// SearchIndex is a tiny inverted index over the text of HTML pages.
type SearchIndex struct {
	docs  []string
	terms map[string][]int
}

func newSearchIndex() *SearchIndex {
	return &SearchIndex{terms: make(map[string][]int)}
}

var stopWords = map[string]bool{"the": true, "and": true, "for": true, "with": true, "that": true, "this": true, "are": true, "you": true}

func (ix *SearchIndex) addPage(p Page) {
	if !p.IsHTML() {
		return
	}
	doc := len(ix.docs)
	ix.docs = append(ix.docs, p.Path)
	seen := make(map[string]bool)
	for _, w := range strings.FieldsFunc(stripTags(p.Body), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		w = strings.ToLower(w)
		if len(w) < 3 || stopWords[w] || seen[w] {
			continue
		}
		seen[w] = true
		ix.terms[w] = append(ix.terms[w], doc)
	}
}

// Docs reports how many pages are indexed.
func (ix *SearchIndex) Docs() int { return len(ix.docs) }

// Search returns the paths of pages containing every word of q.
func (ix *SearchIndex) Search(q string) []string {
	var hits []int
	for i, w := range strings.Fields(strings.ToLower(q)) {
		docs := ix.terms[w]
		if i == 0 {
			hits = slices.Clone(docs)
			continue
		}
		hits = slices.DeleteFunc(hits, func(d int) bool { return !slices.Contains(docs, d) })
	}
	out := make([]string, len(hits))
	for i, d := range hits {
		out[i] = ix.docs[d]
	}
	slices.Sort(out)
	return out
}

func stripTags(body []byte) string {
	var b strings.Builder
	b.Grow(len(body))
	depth := 0
	for _, c := range body {
		switch {
		case c == '<':
			depth++
		case c == '>' && depth > 0:
			depth--
			b.WriteByte(' ')
		case depth == 0:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// IndexAsync builds a search index of the pages present now on another
// goroutine and delivers it on the returned channel. If progress is not
// nil it is called on that goroutine after each page.
func (s *Site) IndexAsync(progress func(done, total int)) <-chan *SearchIndex {
	pages := slices.Clone(s.pages)
	ch := make(chan *SearchIndex, 1)
	go func() {
		ix := newSearchIndex()
		for i, p := range pages {
			ix.addPage(p)
			if progress != nil {
				progress(i+1, len(s.pages)) // RACY
			}
		}
		ch <- ix
	}()
	return ch
}

// SitemapAsync renders sitemap.xml for the pages present now on another
// goroutine. Pages added afterwards are not included.
func (s *Site) SitemapAsync(baseURL string, pretty bool) <-chan []byte {
	pages := slices.Clone(s.pages)
	ch := make(chan []byte, 1)
	go func() {
		ch <- renderSitemap(pages, baseURL, pretty)
	}()
	return ch
}

func renderSitemap(pages []Page, baseURL string, pretty bool) []byte {
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	buf.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	locs := make([]string, 0, len(pages))
	for _, p := range pages {
		if !p.IsHTML() {
			continue
		}
		loc := p.Path
		if pretty {
			loc = prettyPath(loc)
		}
		locs = append(locs, joinBase(baseURL, loc))
	}
	slices.Sort(locs)
	for _, loc := range locs {
		buf.WriteString("  <url><loc>")
		xml.EscapeText(&buf, []byte(loc))
		buf.WriteString("</loc></url>\n")
	}
	buf.WriteString("</urlset>\n")
	return buf.Bytes()
}
