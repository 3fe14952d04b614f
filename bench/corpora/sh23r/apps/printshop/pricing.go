package printshop

import (
	"fmt"
	"sort"
)

// Cents is an amount of money in cents.
type Cents int64

func (c Cents) String() string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	return fmt.Sprintf("%s%d.%02d", sign, c/100, c%100)
}

// Tier is a bulk discount applied from a number of impressions on.
type Tier struct {
	From       int
	PercentOff int
}

// PriceList holds the shop's prices.
type PriceList struct {
	PerPageMono   Cents
	PerPageColor  Cents
	DuplexPercent int
	Surcharge     map[Paper]Cents
	Tiers         []Tier
	Minimum       Cents
}

// DefaultPrices is the price list used when none is configured.
func DefaultPrices() PriceList {
	return PriceList{
		PerPageMono:   8,
		PerPageColor:  35,
		DuplexPercent: 10,
		Surcharge:     map[Paper]Cents{A3: 15},
		Tiers:         []Tier{{From: 100, PercentOff: 5}, {From: 500, PercentOff: 12}, {From: 2000, PercentOff: 20}},
		Minimum:       50,
	}
}

// Line is one line of a quote.
type Line struct {
	Label  string `json:"label"`
	Amount Cents  `json:"amount"`
}

// Quote is the price breakdown for a spec.
type Quote struct {
	Lines []Line `json:"lines"`
	Total Cents  `json:"total"`
}

// Quote prices a spec.
func (p PriceList) Quote(s Spec) (Quote, error) {
	if err := s.validate(); err != nil {
		return Quote{}, err
	}
	var q Quote
	imp := s.Impressions()
	per := p.PerPageMono
	label := "mono"
	if s.Color {
		per, label = p.PerPageColor, "colour"
	}
	base := per * Cents(imp)
	q.add(fmt.Sprintf("%d %s impressions", imp, label), base)
	if sc := p.Surcharge[s.Paper]; sc > 0 {
		q.add(fmt.Sprintf("%s paper", s.Paper), sc*Cents(s.Sheets()))
	}
	if s.Duplex && p.DuplexPercent > 0 {
		q.add("duplex saving", -base*Cents(p.DuplexPercent)/100)
	}
	if t, ok := p.tierFor(imp); ok {
		q.add(fmt.Sprintf("bulk %d%% off", t.PercentOff), -q.Total*Cents(t.PercentOff)/100)
	}
	if q.Total < p.Minimum {
		q.add("minimum charge", p.Minimum-q.Total)
	}
	return q, nil
}

func (q *Quote) add(label string, amt Cents) {
	q.Lines = append(q.Lines, Line{Label: label, Amount: amt})
	q.Total += amt
}

func (p PriceList) tierFor(impressions int) (Tier, bool) {
	tiers := append([]Tier(nil), p.Tiers...)
	sort.Slice(tiers, func(i, j int) bool { return tiers[i].From > tiers[j].From })
	for _, t := range tiers {
		if impressions >= t.From {
			return t, true
		}
	}
	return Tier{}, false
}
