package linkrewrite

import (
	"testing"
	"testing/fstest"
)

func testFS() fstest.MapFS {
	return fstest.MapFS{
		"index.html": {Data: []byte(`<html><body>
<a href="guide/install.html">Install</a>
<a href="/about.html#team">About</a>
<a href="https://go.dev/">Go</a>
<img src="img/logo.png" alt="logo">
<a href="missing.html">Missing</a>
<a href="#top">Top</a>
<a href="mailto:team@example.org">Mail</a>
<!-- <a href="commented.html">old</a> -->
</body></html>`)},
		"guide/index.html": {Data: []byte(`<h1>Guide</h1><a href=install.html>Install</a> <a href="config">Config</a>`)},
		"guide/install.html": {Data: []byte(`<link rel="stylesheet" href="/style.css">
<p>Install the tool with the installer.</p>
<a href="../index.html">Home</a> <a href="./config">Config</a> <a href='faq.html?lang=en'>FAQ</a>`)},
		"guide/config.html": {Data: []byte(`<p>Configure the tool.</p><a href="/guide/">Guide</a> <a href="https://example.com/docs">Ref</a>`)},
		"about.html":        {Data: []byte(`<p>About the team.</p><a href="/">Home</a>`)},
		"style.css":         {Data: []byte(`body { margin: 0 }`)},
		"img/logo.png":      {Data: []byte{0x89, 'P', 'N', 'G'}},
		".hidden":           {Data: []byte("x")},
	}
}

func loadTestSite(t *testing.T) *Site {
	t.Helper()
	s, err := Load(testFS())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestLoad(t *testing.T) {
	s := loadTestSite(t)
	if s.Len() != 7 {
		t.Fatalf("loaded %d pages, want 7", s.Len())
	}
	if _, ok := s.Page("/guide/install.html"); !ok {
		t.Error("install page missing")
	}
	if _, ok := s.Page("/.hidden"); ok {
		t.Error("hidden file loaded")
	}
}

func TestAddReplaces(t *testing.T) {
	s := NewSite()
	if err := s.Add("a.html", []byte("1")); err != nil {
		t.Fatal(err)
	}
	if err := s.Add("/a.html", []byte("2")); err != nil {
		t.Fatal(err)
	}
	if p, _ := s.Page("/a.html"); s.Len() != 1 || string(p.Body) != "2" {
		t.Errorf("len %d body %q", s.Len(), p.Body)
	}
	if err := s.Add("../etc/passwd", nil); err != ErrBadPath {
		t.Errorf("err = %v, want ErrBadPath", err)
	}
}

func TestLookup(t *testing.T) {
	s := loadTestSite(t)
	cases := map[string]string{
		"/guide/":       "/guide/index.html",
		"/guide/config": "/guide/config.html",
		"/guide":        "/guide/index.html",
		"/style.css":    "/style.css",
	}
	for in, want := range cases {
		if got, ok := s.lookup(in); !ok || got != want {
			t.Errorf("lookup(%q) = %q, %v", in, got, ok)
		}
	}
	if _, ok := s.lookup("/nope.html"); ok {
		t.Error("found a missing page")
	}
}
