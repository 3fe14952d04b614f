package sitemap

import (
	"bytes"
	"context"
	"net/url"
	"strconv"
	"testing"
	"time"
)

func TestCrawlRecordsBrokenLinks(t *testing.T) {
	var links []string
	for i := range 6 {
		links = append(links, "/missing-"+strconv.Itoa(i))
	}
	site := fakeSite{root: htmlPage(links...)}
	opts := DefaultOptions()
	opts.Workers = 3
	c, _ := New(root, site, opts)
	sm, err := c.Crawl(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(sm.Entries) != 1 || len(c.Broken()) == 0 {
		t.Fatalf("entries = %v broken = %v", sm.Locs(), c.Broken())
	}
}

func TestCrawlCountsRedirects(t *testing.T) {
	site := fakeSite{}
	var links []string
	for i := range 6 {
		old := "/old-" + strconv.Itoa(i)
		links = append(links, old)
		p := htmlPage()
		p.FinalURL = root + "new-" + strconv.Itoa(i)
		site[root+old[1:]] = p
	}
	site[root] = htmlPage(links...)
	opts := DefaultOptions()
	opts.Workers = 3
	c, _ := New(root, site, opts)
	sm, err := c.Crawl(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(sm.Entries) != 7 || sm.Entries[1].Loc != root+"new-0" {
		t.Fatalf("entries = %v", sm.Locs())
	}
	if st := c.Stats(); st.Fetched != 7 || st.Redirects == 0 {
		t.Fatalf("stats = %+v", st)
	}
}

func TestLoadRobotsThenCrawl(t *testing.T) {
	site := testSite()
	site[root+"robots.txt"] = &Page{Status: 200, ContentType: "text/plain", Body: []byte("User-agent: *\nDisallow: /admin\nCrawl-delay: 0.001\n")}
	c, _ := New(root, site, DefaultOptions())
	<-c.LoadRobots(context.Background())
	sm, err := c.Crawl(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, loc := range sm.Locs() {
		if u, _ := url.Parse(loc); u.Path == "/admin/login" {
			t.Fatalf("crawled disallowed %s", loc)
		}
	}
}

func TestPublishPingsSearchEngines(t *testing.T) {
	site := testSite()
	site["https://search.test/ping?sitemap="+url.QueryEscape(root+"sitemap.xml")] = &Page{Status: 200}
	opts := DefaultOptions()
	opts.PingURLs = []string{"https://search.test/ping?sitemap="}
	c, _ := New(root, site, opts)
	var buf bytes.Buffer
	if err := c.Publish(context.Background(), &buf, &Sitemap{Entries: []Entry{{Loc: root}}}); err != nil {
		t.Fatal(err)
	}
	n := c.Pinged()
	time.Sleep(20 * time.Millisecond)
	if n > 1 {
		t.Fatalf("pinged = %d", n)
	}
}
