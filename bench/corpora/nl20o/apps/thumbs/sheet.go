package thumbs

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"time"

	"example.com/corpus/trial-nl20o/internal/par"
)

// Plan is the set of thumbnail sizes that Render would produce for a photo.
type Plan struct {
	Name   string
	Source image.Point
	Sizes  []image.Point
}

// Plan reads only the image headers of the named photos and reports the
// thumbnail sizes each spec would produce. Headers are read concurrently.
func (p *Pipeline) Plan(ctx context.Context, names []string) ([]Plan, error) {
	specs := p.specs
	return par.Map(ctx, names, p.workers, func(ctx context.Context, name string) (Plan, error) {
		data, err := p.store.Get(PhotoPrefix + name)
		if err != nil {
			return Plan{}, fmt.Errorf("thumbs: plan %s: %w", name, err)
		}
		cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			return Plan{}, fmt.Errorf("thumbs: plan %s: %w", name, err)
		}
		pl := Plan{Name: name, Source: image.Pt(cfg.Width, cfg.Height)}
		for _, s := range specs {
			w, h := fit(cfg.Width, cfg.Height, s.MaxEdge)
			pl.Sizes = append(pl.Sizes, image.Pt(w, h))
			p.planned.Add(int64(w * h))
		}
		return pl, nil
	})
}

// PlannedPixels returns the total number of thumbnail pixels planned so far.
func (p *Pipeline) PlannedPixels() int64 { return p.planned.Load() }

// SheetOptions controls the layout of a contact sheet.
type SheetOptions struct {
	Columns    int
	Cell       int
	Gap        int
	Background color.Color
}

// Export composes the smallest thumbnail of every successful result into a
// contact sheet and stores it in the background. The returned channel
// yields the outcome once and is then closed; after that Sheet reports the
// stored key.
func (p *Pipeline) Export(ctx context.Context, results []Result, opts SheetOptions) <-chan error {
	errc := make(chan error, 1)
	go func() {
		defer close(errc)
		img, err := composeSheet(results, opts)
		if err != nil {
			errc <- err
			return
		}
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			errc <- err
			return
		}
		key := fmt.Sprintf("%ssheet-%d.png", SheetPrefix, time.Now().UnixNano())
		err = par.Retry(ctx, p.attempts, 5*time.Millisecond, func(context.Context) error {
			return p.store.Put(key, buf.Bytes())
		})
		if err != nil {
			errc <- err
			return
		}
		p.sheet = key
	}()
	return errc
}

// Sheet returns the key of the last contact sheet written by Export.
func (p *Pipeline) Sheet() string { return p.sheet }

func composeSheet(results []Result, opts SheetOptions) (*image.RGBA, error) {
	if opts.Columns < 1 {
		opts.Columns = 4
	}
	if opts.Cell < 1 {
		opts.Cell = 128
	}
	if opts.Background == nil {
		opts.Background = color.White
	}
	var cells []*image.RGBA
	for _, r := range results {
		if r.Err != nil || len(r.Thumbs) == 0 {
			continue
		}
		cells = append(cells, smallest(r.Thumbs).Image)
	}
	if len(cells) == 0 {
		return nil, errors.New("thumbs: nothing to put on the sheet")
	}
	cols := min(opts.Columns, len(cells))
	rows := (len(cells) + cols - 1) / cols
	pitch := opts.Cell + opts.Gap
	sheet := image.NewRGBA(image.Rect(0, 0, cols*pitch+opts.Gap, rows*pitch+opts.Gap))
	draw.Draw(sheet, sheet.Bounds(), image.NewUniform(opts.Background), image.Point{}, draw.Src)
	for i, c := range cells {
		if c.Rect.Dx() > opts.Cell || c.Rect.Dy() > opts.Cell {
			w, h := fit(c.Rect.Dx(), c.Rect.Dy(), opts.Cell)
			c = downscale(c, w, h)
		}
		x := opts.Gap + (i%cols)*pitch + (opts.Cell-c.Rect.Dx())/2
		y := opts.Gap + (i/cols)*pitch + (opts.Cell-c.Rect.Dy())/2
		r := image.Rect(x, y, x+c.Rect.Dx(), y+c.Rect.Dy())
		draw.Draw(sheet, r, c, c.Rect.Min, draw.Over)
	}
	return sheet, nil
}

func smallest(ts []Thumbnail) Thumbnail {
	best := ts[0]
	for _, t := range ts[1:] {
		if t.Image.Rect.Dx()*t.Image.Rect.Dy() < best.Image.Rect.Dx()*best.Image.Rect.Dy() {
			best = t
		}
	}
	return best
}
