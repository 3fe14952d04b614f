package sitemap

import (
	"cmp"
	"context"
	"encoding/xml"
	"io"
	"net/url"
	"slices"
	"strconv"
	"time"
)

// Entry is one URL in the sitemap.
type Entry struct {
	Loc     string
	LastMod time.Time
	Depth   int
}

// Priority derives a sitemap priority from crawl depth.
func (e Entry) Priority() float64 {
	return max(0.1, 1.0-0.2*float64(e.Depth))
}

// Sitemap is an ordered set of entries.
type Sitemap struct {
	Entries []Entry
}

func (s *Sitemap) add(e Entry) {
	for _, x := range s.Entries {
		if x.Loc == e.Loc {
			return
		}
	}
	s.Entries = append(s.Entries, e)
}

func (s *Sitemap) sort() {
	slices.SortFunc(s.Entries, func(a, b Entry) int {
		return cmp.Or(cmp.Compare(a.Depth, b.Depth), cmp.Compare(a.Loc, b.Loc))
	})
}

// Locs returns the entry locations in order.
func (s *Sitemap) Locs() []string {
	out := make([]string, len(s.Entries))
	for i, e := range s.Entries {
		out[i] = e.Loc
	}
	return out
}

type xmlURLSet struct {
	XMLName xml.Name `xml:"urlset"`
	Xmlns   string   `xml:"xmlns,attr"`
	URLs    []xmlURL `xml:"url"`
}

type xmlURL struct {
	Loc      string `xml:"loc"`
	LastMod  string `xml:"lastmod,omitempty"`
	Priority string `xml:"priority"`
}

// WriteXML encodes the sitemap in the sitemaps.org 0.9 schema.
func (s *Sitemap) WriteXML(w io.Writer) error {
	set := xmlURLSet{Xmlns: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	for _, e := range s.Entries {
		u := xmlURL{Loc: e.Loc, Priority: strconv.FormatFloat(e.Priority(), 'f', 1, 64)}
		if !e.LastMod.IsZero() {
			u.LastMod = e.LastMod.UTC().Format("2006-01-02")
		}
		set.URLs = append(set.URLs, u)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(set); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// ReadXML decodes a sitemap written by WriteXML.
func ReadXML(r io.Reader) (*Sitemap, error) {
	var set xmlURLSet
	if err := xml.NewDecoder(r).Decode(&set); err != nil {
		return nil, err
	}
	s := &Sitemap{}
	for _, u := range set.URLs {
		e := Entry{Loc: u.Loc}
		if u.LastMod != "" {
			if t, err := time.Parse("2006-01-02", u.LastMod); err == nil {
				e.LastMod = t
			}
		}
		if p, err := strconv.ParseFloat(u.Priority, 64); err == nil {
			e.Depth = int((1.0-p)/0.2 + 0.5)
		}
		s.Entries = append(s.Entries, e)
	}
	return s, nil
}

func (c *Crawler) sitemapURL() string {
	return c.root.ResolveReference(&url.URL{Path: "/sitemap.xml"}).String()
}

// ping notifies every configured endpoint and returns how many accepted.
func (c *Crawler) ping(ctx context.Context, loc string) int {
	ok := 0
	for _, endpoint := range c.opts.PingURLs {
		p, err := c.fetcher.Fetch(ctx, endpoint+url.QueryEscape(loc))
		if err == nil && p.Status < 300 {
			ok++
		}
	}
	return ok
}

// Publish writes the sitemap to w and notifies the configured search
// engines in the background.
func (c *Crawler) Publish(ctx context.Context, w io.Writer, sm *Sitemap) error {
	if err := sm.WriteXML(w); err != nil {
		return err
	}
	if len(c.opts.PingURLs) == 0 {
		return nil
	}
	loc := c.sitemapURL()
	go func() {
		c.pinged = c.ping(ctx, loc) // RACY
	}()
	return nil
}

// Announce notifies the configured search engines and delivers how many
// accepted the ping.
func (c *Crawler) Announce(ctx context.Context) <-chan int {
	out := make(chan int, 1)
	loc := c.sitemapURL()
	go func() {
		out <- c.ping(ctx, loc)
	}()
	return out
}

// Pinged reports how many search engines accepted the last Publish ping.
func (c *Crawler) Pinged() int { return c.pinged }
