package mealplan

import (
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"example.com/corpus/trial-fw24s/internal/shopping"
)

func testCatalogue() *Catalogue {
	return NewCatalogue(
		Recipe{Name: "Dal", Servings: 4, Minutes: 35, Tags: []string{"vegetarian"}, Ingredients: []shopping.Item{
			{Name: "red lentils", Quantity: 300, Unit: "g", Aisle: "dry"},
			{Name: "onion", Quantity: 1, Unit: "pc", Aisle: "veg"},
		}},
		Recipe{Name: "Stir fry", Servings: 2, Minutes: 20, Ingredients: []shopping.Item{
			{Name: "noodles", Quantity: 200, Unit: "g", Aisle: "dry"},
			{Name: "onion", Quantity: 1, Unit: "pc", Aisle: "veg"},
		}},
		Recipe{Name: "Roast chicken", Servings: 4, Minutes: 90, Ingredients: []shopping.Item{
			{Name: "chicken", Quantity: 1.6, Unit: "kg", Aisle: "meat"},
		}},
	)
}

func newPlanner(t *testing.T, opts ...Option) *Planner {
	t.Helper()
	test.NewTempApp(t)
	p := NewPlanner(testCatalogue(), opts...)
	w := test.NewWindow(p.Content())
	t.Cleanup(w.Close)
	p.recipeSelect.SetSelected("Dal")
	return p
}

type memStore struct {
	mu    sync.Mutex
	saves [][]Meal
}

func (s *memStore) Put(m []Meal) error {
	s.mu.Lock()
	s.saves = append(s.saves, m)
	s.mu.Unlock()
	return nil
}

type flatPrices int

func (f flatPrices) Quote(items []shopping.Item) (int, error) { return int(f) * len(items), nil }

type okUploader struct{}

func (okUploader) Upload([]shopping.Item) error { return nil }

type gatedNutrition struct {
	release chan struct{}
	kcal    int
}

func (g gatedNutrition) Lookup(string) (Nutrition, error) {
	<-g.release
	return Nutrition{Kcal: g.kcal}, nil
}

func TestScaledIngredients(t *testing.T) {
	r, _ := testCatalogue().Get("Dal")
	got := r.Scaled(2)
	if got[0].Quantity != 150 || r.Ingredients[0].Quantity != 300 {
		t.Fatalf("scaled = %v", got)
	}
}

func TestShoppingListMerges(t *testing.T) {
	p := newPlanner(t)
	test.Tap(p.addButton)
	p.recipeSelect.SetSelected("Stir fry")
	test.Tap(p.addButton)
	lines := p.list.Lines()
	if len(lines) != 3 {
		t.Fatalf("lines = %v", lines)
	}
	for _, l := range lines {
		if l.Name == "onion" && l.Quantity != 1.5 {
			t.Fatalf("onion = %v", l.Quantity)
		}
	}
}

func TestAutoPlanJoinsScorers(t *testing.T) {
	p := newPlanner(t)
	test.Tap(p.autoButton)
	meals := p.Meals()
	if len(meals) != 7 || meals[0].Recipe != "Dal" || meals[1].Recipe != "Stir fry" {
		t.Fatalf("meals = %+v", meals)
	}
	if p.generated.Load() != 1 {
		t.Fatal("generation not counted")
	}
}

func TestNutritionAppliedWithFyneDo(t *testing.T) {
	applied := make(chan int, 1)
	svc := gatedNutrition{release: make(chan struct{}), kcal: 410}
	p := newPlanner(t, WithNutrition(svc), WithOnNutrition(func(k int) { applied <- k }))
	close(svc.release)
	if k := <-applied; k != 410 {
		t.Fatalf("kcal = %d", k)
	}
	test.Tap(p.addButton)
	if got := p.kcalLabel.Text; got != "kcal today: 820" {
		t.Fatalf("label = %q", got)
	}
}

func TestSyncedListCopiedBeforeUpload(t *testing.T) {
	p := newPlanner(t)
	test.Tap(p.addButton)
	lines := p.list.Lines()
	lines[0].Quantity = 999
	if p.list.Lines()[0].Quantity == 999 {
		t.Fatal("Lines must return a copy")
	}
}

func TestAutosave(t *testing.T) {
	store := &memStore{}
	p := newPlanner(t, WithStore(store, time.Millisecond))
	for i := 0; i < 8; i++ {
		test.Tap(p.addButton)
		time.Sleep(3 * time.Millisecond)
	}
}

func TestPriceList(t *testing.T) {
	p := newPlanner(t, WithPrices(flatPrices(250)))
	test.Tap(p.addButton)
	test.Tap(p.priceButton)
	for i := 0; i < 10; i++ {
		test.Tap(p.addButton)
		time.Sleep(time.Millisecond)
	}
	if !strings.Contains(p.Summary(), "meals") {
		t.Fatal(p.Summary())
	}
}

func TestSendToPhone(t *testing.T) {
	p := newPlanner(t, WithUploader(okUploader{}))
	test.Tap(p.addButton)
	test.Tap(p.syncButton)
	for i := 0; i < 10; i++ {
		test.Tap(p.addButton)
		time.Sleep(time.Millisecond)
	}
}
