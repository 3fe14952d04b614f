package invoicebatch

import (
	"context"

	"example.com/corpus/trial-nl21p/internal/fanout"
	"golang.org/x/sync/errgroup"
)

// Preview renders every invoice as its own document, for example for a
// customer portal, one goroutine per invoice.
func (b *Batcher) Preview(ctx context.Context, invoices []Invoice) ([][]byte, error) {
	out := make([][]byte, len(invoices))
	g, ctx := errgroup.WithContext(ctx)
	for i := range invoices {
		g.Go(func() error {
			if err := ctx.Err(); err != nil {
				return err
			}
			inv := &invoices[i]
			if err := inv.Validate(); err != nil {
				return err
			}
			doc, pages := renderDocument([]*Invoice{inv}, b.opts.LinesPerPage)
			out[i] = doc
			b.previews += pages // RACY
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return out, nil
}

// PreviewPages reports how many pages Preview has rendered.
func (b *Batcher) PreviewPages() int { return b.previews }

// Rendered is one invoice rendered on its own.
type Rendered struct {
	Number string
	PDF    []byte
	Pages  int
}

// RenderAll renders every invoice as its own document on up to workers
// goroutines and returns the documents in input order with the total page
// count.
func RenderAll(ctx context.Context, invoices []Invoice, linesPerPage, workers int) ([]Rendered, int, error) {
	ptrs := make([]*Invoice, len(invoices))
	for i := range invoices {
		ptrs[i] = &invoices[i]
	}
	docs, err := fanout.Map(ctx, ptrs, workers, func(_ context.Context, inv *Invoice) (Rendered, error) {
		if err := inv.Validate(); err != nil {
			return Rendered{}, err
		}
		pdf, pages := renderDocument([]*Invoice{inv}, linesPerPage)
		return Rendered{Number: inv.Number, PDF: pdf, Pages: pages}, nil
	})
	if err != nil {
		return nil, 0, err
	}
	total := 0
	for _, d := range docs {
		total += d.Pages
	}
	return docs, total, nil
}
