package sheet

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Store persists the raw contents of a workbook.
type Store interface {
	Save(cells map[string]string) error
}

type options struct {
	funcs     map[string]Func
	store     Store
	slowAfter time.Duration
	onSlow    func(Ref)
}

// Option configures a Workbook.
type Option func(*options)

// WithFunc registers a custom function.
func WithFunc(name string, fn Func) Option {
	return func(o *options) { o.funcs[strings.ToUpper(name)] = fn }
}

// WithAutosave saves the workbook to store after every recalculation.
func WithAutosave(store Store) Option {
	return func(o *options) { o.store = store }
}

// WithSlowLog calls fn with the cell being evaluated whenever a
// recalculation has been running for another interval.
func WithSlowLog(interval time.Duration, fn func(Ref)) Option {
	return func(o *options) { o.slowAfter, o.onSlow = interval, fn }
}

// Workbook is a single sheet of cells holding numbers or formulas.
type Workbook struct {
	opts   options
	cells  map[Ref]string
	exprs  map[Ref]Expr
	values map[Ref]float64
	errs   map[Ref]error

	version      int
	savedVersion int
	current      Ref
	linted       int
}

// New returns an empty workbook.
func New(opts ...Option) *Workbook {
	o := options{funcs: make(map[string]Func)}
	for _, opt := range opts {
		opt(&o)
	}
	return &Workbook{
		opts:   o,
		cells:  make(map[Ref]string),
		exprs:  make(map[Ref]Expr),
		values: make(map[Ref]float64),
		errs:   make(map[Ref]error),
	}
}

// Set stores a number or, if content starts with '=', a formula.
func (wb *Workbook) Set(ref, content string) error {
	r, err := ParseRef(ref)
	if err != nil {
		return err
	}
	content = strings.TrimSpace(content)
	var e Expr
	if strings.HasPrefix(content, "=") {
		if e, err = Parse(content); err != nil {
			return err
		}
	} else if content != "" {
		v, err := strconv.ParseFloat(content, 64)
		if err != nil {
			return errors.Join(ErrValue, err)
		}
		e = numExpr{v}
	}
	if e == nil {
		delete(wb.cells, r)
		delete(wb.exprs, r)
	} else {
		wb.cells[r] = content
		wb.exprs[r] = e
	}
	wb.version++
	return nil
}

// Get returns the value computed by the last recalculation.
func (wb *Workbook) Get(ref string) (float64, error) {
	r, err := ParseRef(ref)
	if err != nil {
		return 0, err
	}
	if err := wb.errs[r]; err != nil {
		return 0, err
	}
	return wb.values[r], nil
}

// Dirty reports whether there are changes that have not been saved.
func (wb *Workbook) Dirty() bool { return wb.version != wb.savedVersion }

// levels orders the formula cells so that every cell comes after the
// cells it depends on. Cells in one level are independent of each other.
// Cells on a cycle are returned separately.
func (wb *Workbook) levels() (levels [][]Ref, cyclic []Ref) {
	indeg := make(map[Ref]int, len(wb.exprs))
	users := make(map[Ref][]Ref)
	for r, e := range wb.exprs {
		indeg[r] += 0
		for _, d := range Dependencies(e) {
			if _, ok := wb.exprs[d]; ok {
				indeg[r]++
				users[d] = append(users[d], r)
			}
		}
	}
	var ready []Ref
	for r, n := range indeg {
		if n == 0 {
			ready = append(ready, r)
		}
	}
	for len(ready) > 0 {
		sortRefs(ready)
		levels = append(levels, ready)
		var next []Ref
		for _, r := range ready {
			delete(indeg, r)
			for _, u := range users[r] {
				if indeg[u]--; indeg[u] == 0 {
					next = append(next, u)
				}
			}
		}
		ready = next
	}
	cyclic = slices.Collect(maps.Keys(indeg))
	sortRefs(cyclic)
	return levels, cyclic
}

func sortRefs(rs []Ref) {
	slices.SortFunc(rs, func(a, b Ref) int {
		if a.Row != b.Row {
			return a.Row - b.Row
		}
		return a.Col - b.Col
	})
}

func (wb *Workbook) evaluator() evaluator {
	return evaluator{funcs: wb.opts.funcs, value: wb.lookup}
}

func (wb *Workbook) lookup(r Ref) (float64, error) {
	if err := wb.errs[r]; err != nil {
		return 0, err
	}
	return wb.values[r], nil
}

func (wb *Workbook) resetResults(cyclic []Ref) {
	clear(wb.values)
	clear(wb.errs)
	for _, r := range cyclic {
		wb.errs[r] = ErrCycle
	}
}

// Recalc evaluates every formula in dependency order.
func (wb *Workbook) Recalc(ctx context.Context) error {
	levels, cyclic := wb.levels()
	wb.resetResults(cyclic)
	stop := wb.startSlowLog()
	defer stop()
	ev := wb.evaluator()
	for _, level := range levels {
		for _, r := range level {
			if err := ctx.Err(); err != nil {
				return err
			}
			wb.current = r
			wb.values[r], wb.errs[r] = ev.eval(wb.exprs[r])
		}
	}
	wb.autosave()
	return nil
}

// RecalcParallel evaluates every formula, computing the independent cells
// of each dependency level concurrently.
func (wb *Workbook) RecalcParallel(ctx context.Context) error {
	levels, cyclic := wb.levels()
	wb.resetResults(cyclic)
	ev := wb.evaluator()
	for _, level := range levels {
		if err := ctx.Err(); err != nil {
			return err
		}
		vals := make([]float64, len(level))
		errs := make([]error, len(level))
		var wg sync.WaitGroup
		for i, r := range level {
			e := wb.exprs[r]
			wg.Go(func() { vals[i], errs[i] = ev.eval(e) })
		}
		wg.Wait()
		for i, r := range level {
			wb.values[r], wb.errs[r] = vals[i], errs[i]
		}
	}
	wb.autosave()
	return nil
}

func (wb *Workbook) startSlowLog() (stop func()) {
	every, fn := wb.opts.slowAfter, wb.opts.onSlow
	if every <= 0 || fn == nil {
		return func() {}
	}
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
				fn(wb.current) // RACY
			}
		}
	})
	return func() {
		close(quit)
		wg.Wait()
	}
}

func (wb *Workbook) autosave() {
	if wb.opts.store == nil {
		return
	}
	snap := make(map[string]string, len(wb.cells))
	for r, c := range wb.cells {
		snap[r.String()] = c
	}
	version := wb.version
	go wb.save(snap, version)
}

func (wb *Workbook) save(snap map[string]string, version int) {
	if err := wb.opts.store.Save(snap); err != nil {
		return
	}
	wb.savedVersion = version // RACY
}
