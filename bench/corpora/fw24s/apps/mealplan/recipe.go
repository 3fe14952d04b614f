// Package mealplan is a weekly recipe meal planner desktop app built with Fyne.
package mealplan

import (
	"fmt"
	"sort"
	"strings"

	"example.com/corpus/trial-fw24s/internal/shopping"
)

// Days of the planning week.
var Days = []string{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"}

// Recipe is a dish with ingredients for a number of servings.
type Recipe struct {
	Name        string
	Servings    int
	Minutes     int
	Tags        []string
	Ingredients []shopping.Item
}

// Scaled returns the ingredients for the given number of servings.
func (r Recipe) Scaled(servings int) []shopping.Item {
	if r.Servings <= 0 || servings <= 0 {
		return nil
	}
	f := float64(servings) / float64(r.Servings)
	out := make([]shopping.Item, len(r.Ingredients))
	for i, it := range r.Ingredients {
		it.Quantity *= f
		out[i] = it
	}
	return out
}

// HasTag reports whether the recipe carries tag.
func (r Recipe) HasTag(tag string) bool {
	for _, t := range r.Tags {
		if strings.EqualFold(t, tag) {
			return true
		}
	}
	return false
}

// Catalogue is the set of known recipes.
type Catalogue struct {
	byName map[string]Recipe
}

// NewCatalogue indexes recipes by name.
func NewCatalogue(rs ...Recipe) *Catalogue {
	c := &Catalogue{byName: make(map[string]Recipe, len(rs))}
	for _, r := range rs {
		c.byName[r.Name] = r
	}
	return c
}

// Names returns the recipe names sorted.
func (c *Catalogue) Names() []string {
	out := make([]string, 0, len(c.byName))
	for n := range c.byName {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Get looks a recipe up by name.
func (c *Catalogue) Get(name string) (Recipe, error) {
	r, ok := c.byName[name]
	if !ok {
		return Recipe{}, fmt.Errorf("mealplan: unknown recipe %q", name)
	}
	return r, nil
}

// Meal is a recipe placed on a day.
type Meal struct {
	Day      int
	Recipe   string
	Servings int
}

// Nutrition per serving.
type Nutrition struct {
	Kcal    int
	Protein float64
}

// NutritionService looks up nutrition facts.
type NutritionService interface {
	Lookup(recipe string) (Nutrition, error)
}

// PriceService prices shopping lines at the user's grocer, in cents.
type PriceService interface {
	Quote(items []shopping.Item) (int, error)
}

// Uploader pushes the shopping list to the phone app.
type Uploader interface {
	Upload(items []shopping.Item) error
}

// Store persists the plan.
type Store interface {
	Put(meals []Meal) error
}

// score ranks a recipe for auto-planning: quick vegetarian dishes first.
func score(r Recipe, maxMinutes int) int {
	s := 100 - r.Minutes
	if r.Minutes > maxMinutes {
		s -= 50
	}
	if r.HasTag("vegetarian") {
		s += 20
	}
	return s
}
