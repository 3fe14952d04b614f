package linkrewrite

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"example.com/corpus/trial-nl21p/internal/fanout"
)

func pageBody(t *testing.T, res *Result, path string) string {
	t.Helper()
	for _, p := range res.Pages {
		if p.Path == path {
			return string(p.Body)
		}
	}
	t.Fatalf("no page %s", path)
	return ""
}

func TestRewrite(t *testing.T) {
	site := loadTestSite(t)
	rw := NewRewriter(Options{BasePath: "/docs/", PrettyURLs: true, Workers: 2})
	res, err := rw.Rewrite(context.Background(), site)
	if err != nil {
		t.Fatal(err)
	}
	home := pageBody(t, res, "/index.html")
	for _, want := range []string{`href="/docs/guide/install/"`, `href="/docs/about/#team"`, `src="/docs/img/logo.png"`, `href="https://go.dev/"`, `href="#top"`, `href="missing.html"`, `<!-- <a href="commented.html">`} {
		if !strings.Contains(home, want) {
			t.Errorf("index.html lacks %s:\n%s", want, home)
		}
	}
	install := pageBody(t, res, "/guide/install/index.html")
	for _, want := range []string{`href="/docs/style.css"`, `href="/docs/"`, `href="/docs/guide/config/"`} {
		if !strings.Contains(install, want) {
			t.Errorf("install lacks %s:\n%s", want, install)
		}
	}
	if got := pageBody(t, res, "/guide/index.html"); !strings.Contains(got, `href=/docs/guide/install/>`) {
		t.Errorf("unquoted attribute not rewritten: %s", got)
	}
	if len(res.Broken) != 2 || res.Broken[0].Ref != "faq.html?lang=en" || res.Broken[1].Ref != "missing.html" {
		t.Errorf("broken = %+v", res.Broken)
	}
	if res.Stats.External != 2 || res.Stats.Pages != 7 {
		t.Errorf("stats = %+v", res.Stats)
	}
	if orig, _ := site.Page("/index.html"); strings.Contains(string(orig.Body), "/docs/") {
		t.Error("rewrite modified the source site")
	}
}

func TestRewriteCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewRewriter(Options{}).Rewrite(ctx, loadTestSite(t)); err == nil {
		t.Fatal("expected error")
	}
}

func TestPlan(t *testing.T) {
	pub := NewPublisher(NewRewriter(Options{BasePath: "/v2"}), &MemorySink{}, 2)
	wait := pub.Plan(context.Background(), loadTestSite(t))
	res, err := wait()
	if err != nil {
		t.Fatal(err)
	}
	if got := pub.Planned(); got.Pages != len(res.Pages) || got.Broken != 2 || got.Bytes == 0 {
		t.Errorf("planned = %+v", got)
	}
}

func TestSitemapAsync(t *testing.T) {
	site := loadTestSite(t)
	ch := site.SitemapAsync("https://example.org", true)
	for i := range 10 {
		site.Add("/late/"+string(rune('a'+i))+".html", []byte("<p>late</p>"))
	}
	xml := string(<-ch)
	if strings.Contains(xml, "/late/") {
		t.Error("sitemap contains pages added after the call")
	}
	for _, want := range []string{"<loc>https://example.org/</loc>", "<loc>https://example.org/guide/install/</loc>"} {
		if !strings.Contains(xml, want) {
			t.Errorf("sitemap lacks %s:\n%s", want, xml)
		}
	}
}

func TestIndexAsync(t *testing.T) {
	site := loadTestSite(t)
	ix := <-site.IndexAsync(nil)
	if ix.Docs() != 5 {
		t.Errorf("indexed %d docs", ix.Docs())
	}
	if got := ix.Search("install tool"); len(got) != 1 || got[0] != "/guide/install.html" {
		t.Errorf("search = %v", got)
	}
	if got := ix.Search("tool"); len(got) != 2 {
		t.Errorf("search tool = %v", got)
	}
}

func TestCheckReachable(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodHead && r.URL.Path == "/nohead" {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	defer srv.Close()
	c := NewChecker(HTTPProber{Client: srv.Client()}, 2, fanout.Backoff{Attempts: 2})
	st := c.Check(context.Background(), []string{srv.URL + "/a", srv.URL + "/nohead", srv.URL + "/b"})
	for _, s := range st {
		if !s.OK() || s.Code != http.StatusNoContent {
			t.Errorf("%s: %+v", s.URL, s)
		}
	}
	if c.Failures() != 0 {
		t.Errorf("failures = %d", c.Failures())
	}
}

func TestCheckCountsFailures(t *testing.T) {
	prober := ProberFunc(func(_ context.Context, url string) (int, error) {
		if strings.Contains(url, "gone") {
			return http.StatusNotFound, nil
		}
		return http.StatusOK, nil
	})
	var urls []string
	for i := range 8 {
		urls = append(urls, "https://example.com/gone/"+string(rune('a'+i)))
	}
	c := NewChecker(prober, 2, fanout.Backoff{Attempts: 3})
	st := c.Check(context.Background(), urls)
	for _, s := range st {
		if s.OK() || s.Code != http.StatusNotFound || s.Attempts != 1 {
			t.Errorf("%s: %+v", s.URL, s)
		}
	}
	if c.Failures() == 0 {
		t.Error("no failures counted")
	}
}

func TestIndexWhileAdding(t *testing.T) {
	site := loadTestSite(t)
	var calls atomic.Int64
	ch := site.IndexAsync(func(done, total int) {
		if done <= total {
			calls.Add(1)
		}
	})
	for i := range 20 {
		site.Add("/news/"+string(rune('a'+i))+".html", []byte("<p>news item</p>"))
		time.Sleep(100 * time.Microsecond)
	}
	ix := <-ch
	if ix.Docs() != 5 || calls.Load() != 7 {
		t.Errorf("indexed %d docs, %d progress calls", ix.Docs(), calls.Load())
	}
}

func TestPublish(t *testing.T) {
	sink := &MemorySink{}
	pub := NewPublisher(NewRewriter(Options{BasePath: "/site", Workers: 2}), sink, 3)
	wait := pub.Publish(context.Background(), loadTestSite(t))
	if err := wait(); err != nil {
		t.Fatal(err)
	}
	files := sink.Files()
	if len(files) != 7 || !strings.Contains(string(files["/index.html"]), `href="/site/about.html#team"`) {
		t.Errorf("published %d files: %s", len(files), files["/index.html"])
	}
	time.Sleep(10 * time.Millisecond)
	if got := pub.Last(); got.Pages != 7 {
		t.Errorf("last publish = %+v", got)
	}
}
