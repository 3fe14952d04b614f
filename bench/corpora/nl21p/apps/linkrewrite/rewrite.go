package linkrewrite

import (
	"bytes"
	"cmp"
	"context"
	"slices"

	"golang.org/x/sync/errgroup"
)

// Options configures a Rewriter.
type Options struct {
	// BasePath is prepended to every internal link, e.g. "/docs".
	BasePath string
	// PrettyURLs drops ".html" and "index.html" from links and moves
	// pages to directory indexes.
	PrettyURLs bool
	// Workers bounds the number of pages rewritten at once.
	Workers int
}

// BrokenLink is an internal link to a page that does not exist.
type BrokenLink struct {
	Page   string
	Ref    string
	Target string
}

// RewriteStats counts what a rewrite did.
type RewriteStats struct {
	Pages     int
	Links     int
	Rewritten int
	External  int
	Broken    int
}

// Result is the rewritten site.
type Result struct {
	Pages    []Page
	Broken   []BrokenLink
	External []string
	Stats    RewriteStats
}

// Rewriter rewrites the links of a site.
type Rewriter struct {
	opts Options
}

// NewRewriter returns a rewriter for opts.
func NewRewriter(opts Options) *Rewriter {
	return &Rewriter{opts: opts}
}

// SetOptions replaces the rewriter's options for later rewrites.
func (r *Rewriter) SetOptions(opts Options) { r.opts = opts }

type pageResult struct {
	page      Page
	broken    []BrokenLink
	external  []string
	links     int
	rewritten int
}

// Rewrite rewrites every page of site. The site must not be modified
// while Rewrite runs.
func (r *Rewriter) Rewrite(ctx context.Context, site *Site) (*Result, error) {
	opts := r.opts
	pages := site.Pages()
	results := make([]pageResult, len(pages))

	g, ctx := errgroup.WithContext(ctx)
	if opts.Workers > 0 {
		g.SetLimit(opts.Workers)
	}
	for i, pg := range pages {
		g.Go(func() error {
			if err := ctx.Err(); err != nil {
				return err
			}
			results[i] = rewritePage(site, opts, pg)
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}

	res := &Result{Pages: make([]Page, len(results))}
	for i, pr := range results {
		res.Pages[i] = pr.page
		res.Broken = append(res.Broken, pr.broken...)
		res.External = append(res.External, pr.external...)
		res.Stats.Links += pr.links
		res.Stats.Rewritten += pr.rewritten
	}
	slices.Sort(res.External)
	res.External = slices.Compact(res.External)
	slices.SortFunc(res.Broken, func(a, b BrokenLink) int {
		return cmp.Or(cmp.Compare(a.Page, b.Page), cmp.Compare(a.Ref, b.Ref))
	})
	res.Stats.Pages = len(res.Pages)
	res.Stats.External = len(res.External)
	res.Stats.Broken = len(res.Broken)
	return res, nil
}

func rewritePage(site *Site, opts Options, pg Page) pageResult {
	out := pageResult{page: Page{Path: outputPath(pg.Path, opts.PrettyURLs), Body: pg.Body}}
	if !pg.IsHTML() {
		return out
	}
	attrs := scanLinks(pg.Body)
	if len(attrs) == 0 {
		return out
	}
	var buf bytes.Buffer
	buf.Grow(len(pg.Body) + 16*len(attrs))
	last := 0
	for _, a := range attrs {
		out.links++
		ref := parseRef(pg.Path, a.Value)
		switch ref.kind {
		case kindExternal:
			out.external = append(out.external, a.Value)
			continue
		case kindInternal:
		default:
			continue
		}
		target, ok := site.lookup(ref.target)
		if !ok {
			out.broken = append(out.broken, BrokenLink{Page: pg.Path, Ref: a.Value, Target: target})
			continue
		}
		href := newHref(opts, target, ref)
		if href == a.Value {
			continue
		}
		buf.Write(pg.Body[last:a.Start])
		buf.WriteString(href)
		last = a.End
		out.rewritten++
	}
	if out.rewritten > 0 {
		buf.Write(pg.Body[last:])
		out.page.Body = buf.Bytes()
	}
	return out
}

func newHref(opts Options, target string, r ref) string {
	p := target
	if opts.PrettyURLs {
		p = prettyPath(p)
	}
	href := joinBase(opts.BasePath, p)
	if r.query != "" {
		href += "?" + r.query
	}
	if r.frag != "" {
		href += "#" + r.frag
	}
	return href
}
