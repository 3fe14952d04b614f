package expenses

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"example.com/corpus/trial-fw20o/apps/expenses/companion"
	"example.com/corpus/trial-fw20o/apps/expenses/storage"
)

// Tracker is the main window content of the expense tracker.
type Tracker struct {
	opts   options
	ledger *Ledger
	conv   *Converter
	budget Budget

	desc      *widget.Entry
	amount    *widget.Entry
	currency  *widget.Select
	category  *widget.Select
	addBtn    *widget.Button
	deleteBtn *widget.Button
	undoBtn   *widget.Button
	rateBtn   *widget.Button
	budgetBtn *widget.Button
	exportBtn *widget.Button
	list      *widget.List
	total     *widget.Label
	budgetLbl *widget.Label
	saveLbl   *widget.Label
	status    *widget.Label
	content   fyne.CanvasObject

	selected    int
	pendingUndo *Expense
	undoGen     int
	undoTimer   *time.Timer
	saveTimer   *time.Timer
	exports     int

	bg       sync.WaitGroup
	summary  atomic.Pointer[companion.Summary]
	saves    atomic.Int64
	saveErrs atomic.Int64
}

// New builds the tracker UI.
func New(opts ...Option) *Tracker {
	o := buildOptions(opts)
	t := &Tracker{
		opts:     o,
		ledger:   newLedger(),
		conv:     &Converter{home: o.home, foreign: o.foreign, rate: o.rate},
		budget:   o.budget,
		selected: -1,
	}
	t.build()
	t.refreshTotals()
	t.publish()
	return t
}

// Content returns the root canvas object for the window.
func (t *Tracker) Content() fyne.CanvasObject {
	return t.content
}

func (t *Tracker) build() {
	t.desc = widget.NewEntry()
	t.desc.SetPlaceHolder("Description")
	t.amount = widget.NewEntry()
	t.amount.SetPlaceHolder("0.00")
	t.amount.OnSubmitted = func(string) { t.onAdd() }
	t.currency = widget.NewSelect(t.conv.currencies(), nil)
	t.currency.SetSelected(t.conv.home)
	t.category = widget.NewSelect(Categories, nil)
	t.category.SetSelected(Categories[0])
	t.addBtn = widget.NewButtonWithIcon("Add", theme.ContentAddIcon(), t.onAdd)

	t.list = widget.NewList(
		t.ledger.Len,
		func() fyne.CanvasObject { return widget.NewLabel("Jan 01  expense") },
		func(id widget.ListItemID, o fyne.CanvasObject) {
			o.(*widget.Label).SetText(t.ledger.at(id).line())
		},
	)
	t.list.OnSelected = func(id widget.ListItemID) { t.selected = id }
	t.list.OnUnselected = func(widget.ListItemID) { t.selected = -1 }

	t.deleteBtn = widget.NewButtonWithIcon("Delete", theme.DeleteIcon(), t.onDelete)
	t.undoBtn = widget.NewButtonWithIcon("Undo", theme.ContentUndoIcon(), t.onUndo)
	t.undoBtn.Hide()
	t.rateBtn = widget.NewButtonWithIcon("Refresh rate", theme.ViewRefreshIcon(), t.refreshRate)
	t.budgetBtn = widget.NewButtonWithIcon("Sync budget", theme.DownloadIcon(), t.syncBudget)
	t.exportBtn = widget.NewButtonWithIcon("Export CSV", theme.DocumentSaveIcon(), t.exportCSV)
	if t.opts.rates == nil || t.conv.foreign == "" {
		t.rateBtn.Disable()
	}
	if t.opts.budgets == nil {
		t.budgetBtn.Disable()
	}

	t.total = widget.NewLabel("")
	t.budgetLbl = widget.NewLabel("")
	t.saveLbl = widget.NewLabel("")
	t.status = widget.NewLabel("")

	form := container.NewGridWithColumns(5, t.desc, t.amount, t.currency, t.category, t.addBtn)
	tools := container.NewHBox(t.deleteBtn, t.undoBtn, layout.NewSpacer(), t.rateBtn, t.budgetBtn, t.exportBtn)
	footer := container.NewVBox(t.total, t.budgetLbl, t.saveLbl, t.status)
	t.content = container.NewBorder(container.NewVBox(form, tools), footer, nil, nil, t.list)
}

func (t *Tracker) setStatus(msg string) {
	t.status.SetText(msg)
	if t.opts.onStatus != nil {
		t.opts.onStatus(msg)
	}
}

func (t *Tracker) onAdd() {
	if _, err := t.AddExpense(t.desc.Text, t.amount.Text, t.currency.Selected, t.category.Selected); err != nil {
		t.setStatus(err.Error())
		return
	}
	t.desc.SetText("")
	t.amount.SetText("")
}

// AddExpense records an expense entered in the given currency.
func (t *Tracker) AddExpense(desc, amount, currency, category string) (Expense, error) {
	desc = strings.TrimSpace(desc)
	if desc == "" {
		return Expense{}, fmt.Errorf("expenses: description required")
	}
	cents, err := parseAmount(amount)
	if err != nil {
		return Expense{}, err
	}
	home, err := t.conv.Convert(cents, currency)
	if err != nil {
		return Expense{}, err
	}
	if currency == "" {
		currency = t.conv.home
	}
	e := t.ledger.add(Expense{
		When:          t.opts.clock(),
		Description:   desc,
		Category:      category,
		AmountCents:   home,
		Currency:      currency,
		OriginalCents: cents,
	})
	t.changed()
	return e, nil
}

// changed refreshes everything that depends on the ledger.
func (t *Tracker) changed() {
	t.showSaveState()
	t.list.Refresh()
	t.refreshTotals()
	t.publish()
	t.scheduleSave()
}

func (t *Tracker) refreshTotals() {
	spent := t.ledger.total()
	t.total.SetText(fmt.Sprintf("Total: %s %s", storage.FormatCents(spent), t.conv.home))
	if t.budget.MonthlyCents <= 0 {
		t.budgetLbl.SetText("No budget set")
		return
	}
	left := t.budget.MonthlyCents - spent
	pct := float64(spent) * 100 / float64(t.budget.MonthlyCents)
	t.budgetLbl.SetText(fmt.Sprintf("Budget: %s left (%.0f%% used)", storage.FormatCents(left), pct))
}

func (t *Tracker) publish() {
	s := companion.Summary{
		SpentCents:  t.ledger.total(),
		BudgetCents: t.budget.MonthlyCents,
		Count:       t.ledger.Len(),
		TopCategory: t.ledger.topCategory(),
		UpdatedAt:   t.opts.clock(),
	}
	t.summary.Store(&s)
}

// Spent returns the running total for the companion API.
func (t *Tracker) Spent() int64 {
	return t.ledger.Spent()
}

// Snapshot returns the last published summary for the companion API.
func (t *Tracker) Snapshot() companion.Summary {
	if s := t.summary.Load(); s != nil {
		return *s
	}
	return companion.Summary{}
}

func (t *Tracker) showSaveState() {
	if t.opts.store == nil {
		return
	}
	switch n := t.ledger.unsaved(); {
	case n <= 0:
		t.saveLbl.SetText("All changes saved")
	case n == 1:
		t.saveLbl.SetText("1 unsaved expense")
	default:
		t.saveLbl.SetText(fmt.Sprintf("%d unsaved expenses", n))
	}
}

// scheduleSave saves a copy of the ledger once edits have settled.
func (t *Tracker) scheduleSave() {
	if t.opts.store == nil {
		return
	}
	if t.saveTimer != nil {
		t.saveTimer.Stop()
	}
	recs := t.ledger.records()
	t.saveTimer = time.AfterFunc(t.opts.saveDelay, func() {
		t.autosave(recs)
	})
}

func (t *Tracker) autosave(recs []storage.Record) {
	if err := t.opts.store.Save(recs); err != nil {
		t.saveErrs.Add(1)
		return
	}
	t.saves.Add(1)
	t.ledger.markSaved(len(recs))
}

// Saves reports how many autosaves succeeded.
func (t *Tracker) Saves() int64 {
	return t.saves.Load()
}

func (t *Tracker) onDelete() {
	e, ok := t.ledger.removeAt(t.selected)
	if !ok {
		return
	}
	t.list.UnselectAll()
	t.selected = -1
	t.pendingUndo = &e
	t.undoBtn.Show()
	t.changed()

	if t.undoTimer != nil {
		t.undoTimer.Stop()
	}
	t.setStatus(fmt.Sprintf("Deleted %q", e.Description))
	t.undoGen++
	gen := t.undoGen
	t.undoTimer = time.AfterFunc(t.opts.undoWindow, func() {
		fyne.Do(func() { t.expireUndo(gen) })
	})
}

func (t *Tracker) expireUndo(gen int) {
	if t.pendingUndo == nil || gen != t.undoGen {
		return
	}
	desc := t.pendingUndo.Description
	t.pendingUndo = nil
	t.undoBtn.Hide()
	t.setStatus(fmt.Sprintf("%q deleted permanently", desc))
}

func (t *Tracker) onUndo() {
	if t.pendingUndo == nil {
		return
	}
	t.undoTimer.Stop()
	t.undoGen++
	t.ledger.restore(*t.pendingUndo)
	t.setStatus(fmt.Sprintf("Restored %q", t.pendingUndo.Description))
	t.pendingUndo = nil
	t.undoBtn.Hide()
	t.changed()
}

func (t *Tracker) refreshRate() {
	from, to := t.conv.foreign, t.conv.home
	rates, timeout := t.opts.rates, t.opts.fetchTimeout
	t.setStatus(fmt.Sprintf("Updating %s rate…", from))
	t.bg.Go(func() {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		r, err := rates.Rate(ctx, from, to)
		if err != nil || r <= 0 {
			return
		}
		t.conv.setRate(r)
	})
}

func (t *Tracker) syncBudget() {
	src, timeout := t.opts.budgets, t.opts.fetchTimeout
	t.setStatus("Syncing budget…")
	t.bg.Go(func() {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		b, err := src.Budget(ctx)
		fyne.Do(func() {
			if err != nil {
				t.setStatus("Budget sync failed: " + err.Error())
				return
			}
			t.applyBudget(b)
		})
	})
}

func (t *Tracker) applyBudget(b Budget) {
	t.budget = b
	t.refreshTotals()
	t.publish()
	t.setStatus(fmt.Sprintf("Budget updated: %s per month", storage.FormatCents(b.MonthlyCents)))
}

func (t *Tracker) exportCSV() {
	recs := t.ledger.records()
	t.exports++
	name := fmt.Sprintf("expenses-%s-%d.csv", t.opts.clock().Format("20060102"), t.exports)
	sink := t.opts.sink
	t.setStatus("Exporting…")
	t.bg.Go(func() {
		err := writeExport(sink, name, recs)
		fyne.Do(func() {
			if err != nil {
				t.setStatus("Export failed: " + err.Error())
				return
			}
			t.setStatus(fmt.Sprintf("Exported %d expenses to %s", len(recs), name))
		})
	})
}

func writeExport(sink ExportSink, name string, recs []storage.Record) error {
	w, err := sink.Create(name)
	if err != nil {
		return err
	}
	if err := storage.WriteCSV(w, recs); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// Close stops pending timers and waits for background work.
func (t *Tracker) Close() {
	if t.saveTimer != nil {
		t.saveTimer.Stop()
	}
	if t.undoTimer != nil {
		t.undoTimer.Stop()
	}
	t.bg.Wait()
}
