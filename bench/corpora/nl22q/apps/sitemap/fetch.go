// Package sitemap crawls a web site and produces a sitemaps.org XML file.
package sitemap

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"time"
)

// Page is a fetched document.
type Page struct {
	URL          string
	FinalURL     string
	Status       int
	ContentType  string
	LastModified time.Time
	Body         []byte
}

// Redirected reports whether the fetch ended on a different URL.
func (p *Page) Redirected() bool { return p.FinalURL != "" && p.FinalURL != p.URL }

// HTML reports whether the page declares an HTML content type.
func (p *Page) HTML() bool {
	ct := strings.ToLower(p.ContentType)
	return strings.HasPrefix(ct, "text/html") || strings.HasPrefix(ct, "application/xhtml")
}

// Fetcher retrieves pages.
type Fetcher interface {
	Fetch(ctx context.Context, rawURL string) (*Page, error)
}

// HTTPFetcher fetches pages over HTTP, following redirects.
type HTTPFetcher struct {
	Client    *http.Client
	UserAgent string
	// MaxBody caps how much of each body is read.
	MaxBody int64
}

// Fetch issues a GET request for rawURL.
func (f *HTTPFetcher) Fetch(ctx context.Context, rawURL string) (*Page, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return nil, err
	}
	if f.UserAgent != "" {
		req.Header.Set("User-Agent", f.UserAgent)
	}
	client := f.Client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	limit := f.MaxBody
	if limit <= 0 {
		limit = 2 << 20
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, limit))
	if err != nil {
		return nil, err
	}
	p := &Page{
		URL:         rawURL,
		FinalURL:    resp.Request.URL.String(),
		Status:      resp.StatusCode,
		ContentType: resp.Header.Get("Content-Type"),
		Body:        body,
	}
	if lm := resp.Header.Get("Last-Modified"); lm != "" {
		if t, err := http.ParseTime(lm); err == nil {
			p.LastModified = t
		}
	}
	return p, nil
}

// errRetry marks server-side failures worth another attempt.
var errRetry = errors.New("sitemap: server error")
