package mealplan

import (
	"fmt"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"example.com/corpus/trial-fw24s/internal/shopping"
)

// Option configures a Planner.
type Option func(*Planner)

// WithNutrition sets the nutrition service.
func WithNutrition(s NutritionService) Option { return func(p *Planner) { p.nutrition = s } }

// WithPrices sets the price service.
func WithPrices(s PriceService) Option { return func(p *Planner) { p.prices = s } }

// WithUploader sets the phone uploader.
func WithUploader(u Uploader) Option { return func(p *Planner) { p.uploader = u } }

// WithStore sets the persistence store and autosave delay.
func WithStore(s Store, delay time.Duration) Option {
	return func(p *Planner) { p.store, p.saveDelay = s, delay }
}

// WithOnNutrition registers a callback run on the UI after nutrition arrives.
func WithOnNutrition(f func(kcal int)) Option { return func(p *Planner) { p.onNutrition = f } }

// Planner is the main window content of the app.
type Planner struct {
	catalogue   *Catalogue
	nutrition   NutritionService
	prices      PriceService
	uploader    Uploader
	store       Store
	saveDelay   time.Duration
	onNutrition func(int)

	meals     []Meal
	kcal      map[string]int
	dayKcal   [7]int
	cost      int
	dirty     bool
	saveTimer *time.Timer
	list      *shopping.List
	generated atomic.Int32

	day      int
	servings int
	recipe   string

	recipeSelect *widget.Select
	daySelect    *widget.Select
	addButton    *widget.Button
	autoButton   *widget.Button
	priceButton  *widget.Button
	syncButton   *widget.Button
	summary      *widget.Label
	kcalLabel    *widget.Label
}

// NewPlanner builds the UI over a recipe catalogue.
func NewPlanner(cat *Catalogue, opts ...Option) *Planner {
	p := &Planner{catalogue: cat, kcal: make(map[string]int), list: shopping.New(), servings: 2}
	for _, o := range opts {
		o(p)
	}
	p.recipeSelect = widget.NewSelect(cat.Names(), p.selectRecipe)
	p.daySelect = widget.NewSelect(Days, func(s string) {
		for i, d := range Days {
			if d == s {
				p.day = i
			}
		}
	})
	p.addButton = widget.NewButton("Add to day", p.addSelected)
	p.autoButton = widget.NewButton("Plan my week", p.autoPlan)
	p.priceButton = widget.NewButton("Price list", p.priceList)
	p.syncButton = widget.NewButton("Send to phone", p.syncList)
	p.summary = widget.NewLabel("")
	p.kcalLabel = widget.NewLabel("")
	p.refresh()
	return p
}

// Content returns the root canvas object.
func (p *Planner) Content() fyne.CanvasObject {
	return container.NewVBox(
		container.NewHBox(p.daySelect, p.recipeSelect, p.addButton),
		container.NewHBox(p.autoButton, p.priceButton, p.syncButton),
		p.kcalLabel,
		p.summary,
	)
}

func (p *Planner) selectRecipe(name string) {
	p.recipe = name
	if p.nutrition == nil {
		return
	}
	if _, ok := p.kcal[name]; ok {
		return
	}
	svc := p.nutrition
	go func() {
		n, err := svc.Lookup(name)
		if err != nil {
			return
		}
		fyne.Do(func() { p.applyNutrition(name, n) })
	}()
}

func (p *Planner) applyNutrition(name string, n Nutrition) {
	p.kcal[name] = n.Kcal
	p.recomputeKcal()
	p.refresh()
	if p.onNutrition != nil {
		p.onNutrition(n.Kcal)
	}
}

func (p *Planner) recomputeKcal() {
	p.dayKcal = [7]int{}
	for _, m := range p.meals {
		p.dayKcal[m.Day] += p.kcal[m.Recipe] * m.Servings
	}
}

func (p *Planner) addSelected() {
	if p.recipe == "" {
		return
	}
	p.addMeal(Meal{Day: p.day, Recipe: p.recipe, Servings: p.servings})
}

// addMeal places a meal and updates the shopping list.
func (p *Planner) addMeal(m Meal) {
	r, err := p.catalogue.Get(m.Recipe)
	if err != nil {
		return
	}
	p.meals = append(p.meals, m)
	for _, it := range r.Scaled(m.Servings) {
		p.list.Add(it)
	}
	p.recomputeKcal()
	p.changed()
}

func (p *Planner) changed() {
	p.dirty = true
	p.refresh()
	p.scheduleSave()
}

func (p *Planner) scheduleSave() {
	if p.store == nil {
		return
	}
	if p.saveTimer != nil {
		p.saveTimer.Stop()
	}
	snapshot := append([]Meal(nil), p.meals...)
	p.saveTimer = time.AfterFunc(p.saveDelay, func() { p.save(snapshot) })
}

func (p *Planner) save(meals []Meal) {
	if err := p.store.Put(meals); err != nil {
		return
	}
	p.markSaved()
}

func (p *Planner) markSaved() {
	p.dirty = false // RACY
}

// autoPlan fills empty days with the best scoring recipes, scoring the
// catalogue in parallel.
func (p *Planner) autoPlan() {
	names := p.catalogue.Names()
	scores := make([]int, len(names))
	var wg sync.WaitGroup
	for i, n := range names {
		wg.Go(func() {
			r, _ := p.catalogue.Get(n)
			scores[i] = score(r, 45)
		})
	}
	wg.Wait()
	order := make([]int, len(names))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return scores[order[a]] > scores[order[b]] })
	planned := make(map[int]bool)
	for _, m := range p.meals {
		planned[m.Day] = true
	}
	k := 0
	for d := range Days {
		if planned[d] || len(order) == 0 {
			continue
		}
		p.addMeal(Meal{Day: d, Recipe: names[order[k%len(order)]], Servings: p.servings})
		k++
	}
	p.generated.Add(1)
}

func (p *Planner) priceList() {
	if p.prices == nil {
		return
	}
	lines := p.list.Lines()
	go p.fetchPrice(lines)
}

func (p *Planner) fetchPrice(lines []shopping.Item) {
	total, err := p.prices.Quote(lines)
	if err != nil {
		return
	}
	p.setCost(total)
}

func (p *Planner) setCost(cents int) {
	p.cost = cents // RACY
}

func (p *Planner) syncList() {
	if p.uploader == nil {
		return
	}
	lines := p.list.Lines()
	list, up := p.list, p.uploader
	go func() {
		if err := up.Upload(lines); err != nil {
			return
		}
		list.MarkSynced(time.Now())
	}()
}

func (p *Planner) refresh() {
	title := fmt.Sprintf("%d meals, %d list items, est. $%d.%02d", len(p.meals), p.list.Len(), p.cost/100, p.cost%100)
	if p.dirty {
		title += " (unsaved)"
	}
	if p.list.NeedsSync() {
		title += " (phone out of date)"
	}
	p.summary.SetText(title)
	p.kcalLabel.SetText(fmt.Sprintf("kcal today: %d", p.dayKcal[p.day]))
}

// Summary returns the summary line shown under the plan.
func (p *Planner) Summary() string { return p.summary.Text }

// Meals returns a copy of the planned meals.
func (p *Planner) Meals() []Meal { return append([]Meal(nil), p.meals...) }
