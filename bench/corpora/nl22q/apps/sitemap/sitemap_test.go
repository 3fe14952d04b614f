package sitemap

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"
)

const root = "https://www.example.test/"

// fakeSite serves pages from a fixed table; unknown URLs are 404s.
type fakeSite map[string]*Page

func (s fakeSite) Fetch(ctx context.Context, u string) (*Page, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	p, ok := s[u]
	if !ok {
		return &Page{URL: u, FinalURL: u, Status: http.StatusNotFound, ContentType: "text/plain"}, nil
	}
	cp := *p
	cp.URL = u
	if cp.FinalURL == "" {
		cp.FinalURL = u
	}
	return &cp, nil
}

func htmlPage(links ...string) *Page {
	var b strings.Builder
	b.WriteString("<html><head><title>t</title></head><body><ul>\n")
	for _, l := range links {
		b.WriteString(`<li><a class="nav" href="` + l + `">` + l + "</a></li>\n")
	}
	b.WriteString("</ul></body></html>\n")
	return &Page{Status: 200, ContentType: "text/html; charset=utf-8", Body: []byte(b.String())}
}

func mustURL(t testing.TB, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func TestExtractLinks(t *testing.T) {
	body := []byte(`<a href="/a">A</a> <A HREF='b/c?x=1#frag'>B</A> <a href=/d/../e>E</a>
<a href="mailto:x@example.test">m</a> <a href="#top">t</a> <a href = "https://Other.test:443/x/">o</a>
<link rel="stylesheet" href="/a"> <a href="javascript:void(0)">j</a>`)
	got := extractLinks(body, mustURL(t, "https://www.example.test/dir/page"))
	want := []string{
		"https://www.example.test/a",
		"https://www.example.test/dir/b/c?x=1",
		"https://www.example.test/e",
		"https://other.test/x/",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
}

func TestNoindex(t *testing.T) {
	if !noindex([]byte(`<meta name="robots" content="noindex, follow">`)) {
		t.Fatal("noindex not detected")
	}
	if noindex([]byte(`<meta name="robots" content="index"><p>noindex</p>`)) {
		t.Fatal("false positive")
	}
}

func TestParseRobots(t *testing.T) {
	body := []byte(`# comment
User-agent: otherbot
Disallow: /

User-agent: *
Disallow: /private
Allow: /private/press
Crawl-delay: 0.5
`)
	r := parseRobots(body, "sitemapbot/1.0")
	if r.allows("/private/x") || !r.allows("/private/press/2024") || !r.allows("/public") {
		t.Fatalf("rules = %+v", r)
	}
	if r.delay != 500*time.Millisecond {
		t.Fatalf("delay = %v", r.delay)
	}
	if o := parseRobots(body, "OtherBot"); o.allows("/anything") {
		t.Fatalf("otherbot rules = %+v", o)
	}
}

func testSite() fakeSite {
	pdf := &Page{Status: 200, ContentType: "application/pdf", Body: []byte("%PDF")}
	hidden := htmlPage("/deep/1")
	hidden.Body = append([]byte(`<meta name="robots" content="noindex">`), hidden.Body...)
	return fakeSite{
		root + "robots.txt":      {Status: 200, ContentType: "text/plain", Body: []byte("User-agent: *\nDisallow: /admin\n")},
		root:                     htmlPage("/about", "/blog/", "/admin/login", "https://elsewhere.test/", "/files/guide.pdf"),
		root + "about":           htmlPage("/", "/team"),
		root + "blog/":           htmlPage("/blog/post-1", "/blog/post-2", "/hidden"),
		root + "team":            htmlPage("/about"),
		root + "blog/post-1":     htmlPage("/blog/"),
		root + "blog/post-2":     htmlPage("/blog/", "/blog/post-1"),
		root + "hidden":          hidden,
		root + "deep/1":          htmlPage("/deep/2"),
		root + "deep/2":          htmlPage(),
		root + "files/guide.pdf": pdf,
		root + "admin/login":     htmlPage("/admin/secret"),
	}
}

func TestCrawlBuildsSitemap(t *testing.T) {
	opts := DefaultOptions()
	opts.Workers = 3
	opts.MaxDepth = 3
	c, err := New(root, testSite(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.StartRobots(context.Background())(); err != nil {
		t.Fatal(err)
	}
	sm, err := c.Crawl(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		root,
		root + "about",
		root + "blog/",
		root + "files/guide.pdf",
		root + "blog/post-1",
		root + "blog/post-2",
		root + "team",
		root + "deep/1",
	}
	if got := sm.Locs(); !slices.Equal(got, want) {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
	if len(c.Broken()) != 0 {
		t.Fatalf("broken = %+v", c.Broken())
	}
	if st := c.Stats(); st.Fetched != 9 || st.ByStatus[200] != 9 {
		t.Fatalf("stats = %+v", st)
	}
}

func TestCrawlOverHTTP(t *testing.T) {
	mux := http.NewServeMux()
	page := func(body string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Header().Set("Last-Modified", "Mon, 04 Mar 2024 10:00:00 GMT")
			w.Write([]byte(body))
		}
	}
	mux.HandleFunc("/{$}", page(`<a href="/one">1</a><a href="/two">2</a>`))
	mux.HandleFunc("/one", page(`<a href="/">home</a>`))
	mux.HandleFunc("/two", page(`<a href="/one">1</a>`))
	srv := httptest.NewServer(mux)
	defer srv.Close()

	c, err := New(srv.URL, &HTTPFetcher{Client: srv.Client(), UserAgent: "test"}, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	sm, err := c.Crawl(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(sm.Entries) != 3 || sm.Entries[0].LastMod.Day() != 4 {
		t.Fatalf("entries = %+v", sm.Entries)
	}
}

func TestWriteReadXML(t *testing.T) {
	sm := &Sitemap{Entries: []Entry{
		{Loc: root, Depth: 0, LastMod: time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)},
		{Loc: root + "a?x=1&y=2", Depth: 2},
	}}
	var buf bytes.Buffer
	if err := sm.WriteXML(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "<priority>0.6</priority>") || !strings.Contains(buf.String(), "&amp;y=2") {
		t.Fatalf("xml = %s", buf.String())
	}
	back, err := ReadXML(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Entries) != 2 || back.Entries[1].Depth != 2 || !back.Entries[0].LastMod.Equal(time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("round trip = %+v", back.Entries)
	}
}

func TestCheckLinksCollectsUnderLock(t *testing.T) {
	c, _ := New(root, testSite(), DefaultOptions())
	urls := []string{root, root + "about", root + "nope", root + "gone", root + "team", root + "missing"}
	broken := c.CheckLinks(context.Background(), urls)
	if len(broken) != 3 {
		t.Fatalf("broken = %+v", broken)
	}
}

func TestAnnounceDeliversCount(t *testing.T) {
	site := testSite()
	site["https://search.test/ping?sitemap="+url.QueryEscape(root+"sitemap.xml")] = &Page{Status: 200}
	opts := DefaultOptions()
	opts.PingURLs = []string{"https://search.test/ping?sitemap=", "https://down.test/ping?u="}
	c, _ := New(root, site, opts)
	if n := <-c.Announce(context.Background()); n != 1 {
		t.Fatalf("accepted = %d", n)
	}
}
