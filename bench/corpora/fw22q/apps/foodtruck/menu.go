// Package foodtruck runs the order window of a food truck: customers place
// orders at the hatch, the line cooks work the tickets and a status board
// outside shows which numbers are ready for pickup.
package foodtruck

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"example.com/corpus/trial-fw22q/internal/ledger"
	"example.com/corpus/trial-fw22q/internal/money"
)

// MenuItem is something the truck sells.
type MenuItem struct {
	Code       string
	Name       string
	Course     ledger.Course
	Price      money.Cents
	Prep       time.Duration
	Vegetarian bool
	SoldOut    bool
}

// Menu is the day's menu board.
type Menu struct {
	items map[string]MenuItem
	codes []string
}

// ErrUnknownItem is returned for codes that are not on the menu.
var ErrUnknownItem = errors.New("foodtruck: unknown menu item")

// ErrSoldOut is returned for items that ran out.
var ErrSoldOut = errors.New("foodtruck: sold out")

// NewMenu builds a menu, rejecting duplicate codes and non-positive prices.
func NewMenu(items ...MenuItem) (*Menu, error) {
	m := &Menu{items: make(map[string]MenuItem, len(items))}
	for _, it := range items {
		code := normalizeCode(it.Code)
		if code == "" {
			return nil, fmt.Errorf("foodtruck: menu item %q has no code", it.Name)
		}
		if _, dup := m.items[code]; dup {
			return nil, fmt.Errorf("foodtruck: duplicate menu code %q", code)
		}
		if it.Price <= 0 {
			return nil, fmt.Errorf("foodtruck: %s has no price", code)
		}
		it.Code = code
		m.items[code] = it
		m.codes = append(m.codes, code)
	}
	sort.Strings(m.codes)
	return m, nil
}

// DefaultMenu is the taco truck's standard menu.
func DefaultMenu() *Menu {
	m, err := NewMenu(
		MenuItem{Code: "AP", Name: "Al pastor taco", Course: ledger.Mains, Price: 375, Prep: 4 * time.Minute},
		MenuItem{Code: "CA", Name: "Carnitas taco", Course: ledger.Mains, Price: 375, Prep: 4 * time.Minute},
		MenuItem{Code: "HO", Name: "Mushroom & huitlacoche taco", Course: ledger.Mains, Price: 400, Prep: 5 * time.Minute, Vegetarian: true},
		MenuItem{Code: "QB", Name: "Birria quesadilla", Course: ledger.Mains, Price: 950, Prep: 7 * time.Minute},
		MenuItem{Code: "EL", Name: "Elote", Course: ledger.Sides, Price: 450, Prep: 3 * time.Minute, Vegetarian: true},
		MenuItem{Code: "CH", Name: "Chips & salsa", Course: ledger.Sides, Price: 300, Prep: time.Minute, Vegetarian: true},
		MenuItem{Code: "HJ", Name: "Horchata", Course: ledger.Drinks, Price: 350, Vegetarian: true},
		MenuItem{Code: "JA", Name: "Jarritos", Course: ledger.Drinks, Price: 300, Vegetarian: true},
		MenuItem{Code: "CU", Name: "Churros", Course: ledger.Desserts, Price: 500, Prep: 4 * time.Minute, Vegetarian: true},
	)
	if err != nil {
		panic(err)
	}
	return m
}

func normalizeCode(code string) string {
	return strings.ToUpper(strings.TrimSpace(code))
}

// Lookup finds an item by its code.
func (m *Menu) Lookup(code string) (MenuItem, bool) {
	it, ok := m.items[normalizeCode(code)]
	return it, ok
}

// Items lists the menu in code order.
func (m *Menu) Items() []MenuItem {
	out := make([]MenuItem, 0, len(m.codes))
	for _, c := range m.codes {
		out = append(out, m.items[c])
	}
	return out
}

// LineRequest is what the customer asked for at the hatch.
type LineRequest struct {
	Code  string
	Qty   int
	Notes string
}

// Quote turns requests into priced order lines. Identical requests without
// notes are merged.
func (m *Menu) Quote(reqs []LineRequest) ([]LineItem, error) {
	if len(reqs) == 0 {
		return nil, errors.New("foodtruck: empty order")
	}
	var lines []LineItem
	merged := make(map[string]int)
	for _, r := range reqs {
		if r.Qty <= 0 {
			return nil, fmt.Errorf("foodtruck: bad quantity %d for %s", r.Qty, r.Code)
		}
		it, ok := m.Lookup(r.Code)
		if !ok {
			return nil, fmt.Errorf("%w: %s", ErrUnknownItem, r.Code)
		}
		if it.SoldOut {
			return nil, fmt.Errorf("%w: %s", ErrSoldOut, it.Name)
		}
		if r.Notes == "" {
			if i, seen := merged[it.Code]; seen {
				lines[i].Qty += r.Qty
				continue
			}
			merged[it.Code] = len(lines)
		}
		lines = append(lines, LineItem{Item: it, Qty: r.Qty, Notes: r.Notes})
	}
	return lines, nil
}
