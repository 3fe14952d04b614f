package main_test

import (
	"strings"
	"testing"
)

// turnLinesModule has actors whose Receive is a turn, and an HTTP handler
// in another package calling their getters. The shop's package imports
// the interface whose directive makes Receive a turn, so it knows the shop
// confined; the depot's turn is declared by a //confined:declare line of
// the handler's package, which the depot's package never reads.
var turnLinesModule = map[string]string{
	"go.mod": "module example.com/turns\n\ngo 1.26\n",
	"actor/actor.go": `package actor

// An Actor's Receive runs one message at a time on its mailbox.
type Actor interface {
	//confined:loop
	Receive(msg any)
}

// A Worker's Work runs on a pool, one job at a time.
type Worker interface {
	Work(job any)
}
`,
	"shop/shop.go": `package shop

import "example.com/turns/actor"

type Shop struct{ sold int }

func New() actor.Actor { return &Shop{} }

func (s *Shop) Receive(msg any) { s.sold++ }

func (s *Shop) Sold() int {
	return s.sold
}

func (s *Shop) Hello() string { return "open" }
`,
	"depot/depot.go": `package depot

import "example.com/turns/actor"

type Depot struct{ jobs int }

func New() actor.Worker { return &Depot{} }

func (d *Depot) Work(job any) { d.jobs++ }

func (d *Depot) Jobs() int {
	return d.jobs
}
`,
	"web/web.go": `package web

//confined:declare loop example.com/turns/actor.Worker.Work

import (
	"fmt"
	"net/http"

	"example.com/turns/depot"
	"example.com/turns/shop"
)

func Serve(s *shop.Shop, d *depot.Depot) {
	http.HandleFunc("/sold", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, s.Sold(), s.Hello())
	})
	http.HandleFunc("/jobs", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, d.Jobs())
	})
}
`,
}

// TestTurnOwnedTouchAtItsLine: a handler in one package calling a getter
// of a type another package of the module knows a turn confines is
// reported at the getter's read, the line the race detector names, the
// same standalone and under go vet; a method touching none of its state
// is no finding. The type whose package cannot know (its turn declared
// only where the handler is) keeps the call.
func TestTurnOwnedTouchAtItsLine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs the go tool; skipped with -short")
	}
	requireFindingsEveryWay(t, setupModule(t, turnLinesModule), []string{
		"shop.go:12:11: calls confined (*shop.Shop).Sold off the owner",
		"web.go:18:23: calls confined (*depot.Depot).Jobs off the owner",
	})
}

// requireFindingsEveryWay requires c's module to give, standalone and
// under go vet, one finding for each of want, a part of its line.
func requireFindingsEveryWay(t *testing.T, c *checker, want []string) {
	check := func(t *testing.T, out string) {
		for _, w := range want {
			requireContains(t, out, w)
		}
		if n := strings.Count(out, "off the owner: "); n != len(want) {
			t.Errorf("want %d findings, got %d\n%s", len(want), n, out)
		}
	}
	t.Run("standalone", func(t *testing.T) {
		t.Parallel()
		res := c.run(t, c.binary, "./...")
		res.requireExit(t, exitFindings)
		check(t, res.stderr)
	})
	t.Run("vet", func(t *testing.T) {
		t.Parallel()
		check(t, c.runEnv(t, c.vetCache(t), c.goTool, "vet", "-vettool="+c.binary, "./...").stderr)
	})
}
