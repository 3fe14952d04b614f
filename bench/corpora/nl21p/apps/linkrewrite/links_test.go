package linkrewrite

import "testing"

func TestScanLinks(t *testing.T) {
	doc := []byte(`<a class="x" href="one.html">1</a><img src='two.png'><a href=three.html>3</a><!-- <a href="no.html"> --><p>href="text"</p>`)
	got := scanLinks(doc)
	want := []string{"one.html", "two.png", "three.html"}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i, a := range got {
		if a.Value != want[i] || string(doc[a.Start:a.End]) != want[i] {
			t.Errorf("link %d = %+v", i, a)
		}
	}
}

func TestParseRef(t *testing.T) {
	cases := []struct {
		page, raw string
		kind      linkKind
		target    string
	}{
		{"/guide/install.html", "../index.html", kindInternal, "/index.html"},
		{"/guide/install.html", "./config", kindInternal, "/guide/config"},
		{"/guide/install.html", "faq.html?lang=en#q1", kindInternal, "/guide/faq.html"},
		{"/index.html", "guide/", kindInternal, "/guide/"},
		{"/index.html", "/", kindInternal, "/"},
		{"/index.html", "#top", kindFragment, ""},
		{"/index.html", "https://go.dev/", kindExternal, ""},
		{"/index.html", "//cdn.example.com/x.js", kindExternal, ""},
		{"/index.html", "mailto:a@b.c", kindOther, ""},
	}
	for _, c := range cases {
		r := parseRef(c.page, c.raw)
		if r.kind != c.kind || r.target != c.target {
			t.Errorf("parseRef(%q, %q) = %+v", c.page, c.raw, r)
		}
	}
}

func TestPrettyAndOutputPaths(t *testing.T) {
	if got := prettyPath("/a/index.html"); got != "/a/" {
		t.Errorf("prettyPath = %q", got)
	}
	if got := prettyPath("/a/b.html"); got != "/a/b/" {
		t.Errorf("prettyPath = %q", got)
	}
	if got := outputPath("/a/b.html", true); got != "/a/b/index.html" {
		t.Errorf("outputPath = %q", got)
	}
	if got := outputPath("/a/b.html", false); got != "/a/b.html" {
		t.Errorf("outputPath = %q", got)
	}
}
