package httpapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ergo-services/ergo"
	"github.com/ergo-services/ergo/node"

	"example.com/corpus/trial-fw20o/apps/loandesk"
)

const isbnDune = "9780441013593"

var nodeSeq atomic.Int32

func startDesk(t *testing.T, copies int, patrons int) *loandesk.Client {
	t.Helper()
	n, err := ergo.StartNode(fmt.Sprintf("web%d@localhost", nodeSeq.Add(1)), "library", node.Options{StaticRoutesOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.Stop)
	var ps []loandesk.Patron
	for i := range patrons {
		ps = append(ps, loandesk.Patron{ID: fmt.Sprintf("p%d", i), Name: fmt.Sprintf("Patron %d", i)})
	}
	c, err := loandesk.Start(n, "desk",
		loandesk.WithBooks(loandesk.Book{ISBN: isbnDune, Title: "Dune", Author: "Frank Herbert", Copies: copies}),
		loandesk.WithPatrons(ps...))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Stop)
	return c
}

func get(h http.Handler, path string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	return rec
}

func TestUnknownTitleIs404(t *testing.T) {
	c := startDesk(t, 1, 1)
	h := New(c.Catalog(), c)
	if rec := get(h, "/books/000"); rec.Code != http.StatusNotFound {
		t.Fatalf("code = %d", rec.Code)
	}
	if rec := get(h, "/patrons/nobody"); rec.Code != http.StatusNotFound {
		t.Fatalf("code = %d", rec.Code)
	}
}

func TestBookEndpointWhileDeskLends(t *testing.T) {
	c := startDesk(t, 40, 4)
	h := New(c.Catalog(), c)

	var wg sync.WaitGroup
	wg.Go(func() {
		for range 30 {
			if rec := get(h, "/books/"+isbnDune); rec.Code != http.StatusOK {
				t.Errorf("code = %d", rec.Code)
			}
			time.Sleep(time.Millisecond)
		}
	})
	for i := range 16 {
		if _, err := c.Checkout(fmt.Sprintf("p%d", i%4), isbnDune); err != nil {
			t.Error(err)
		}
		time.Sleep(time.Millisecond)
	}
	wg.Wait()

	var a loandesk.Availability
	if err := json.NewDecoder(get(h, "/books/"+isbnDune).Body).Decode(&a); err != nil {
		t.Fatal(err)
	}
	if a.OnShelf != 24 || a.Title != "Dune" {
		t.Fatalf("availability = %+v", a)
	}
}

func TestPatronEndpointWhileDeskLends(t *testing.T) {
	c := startDesk(t, 40, 4)
	h := New(c.Catalog(), c)

	var wg sync.WaitGroup
	wg.Go(func() {
		for range 30 {
			if rec := get(h, "/patrons/p1"); rec.Code != http.StatusOK {
				t.Errorf("code = %d", rec.Code)
			}
			time.Sleep(time.Millisecond)
		}
	})
	for i := range 16 {
		if _, err := c.Checkout(fmt.Sprintf("p%d", i%4), isbnDune); err != nil {
			t.Error(err)
		}
		time.Sleep(time.Millisecond)
	}
	wg.Wait()

	var v patronView
	if err := json.NewDecoder(get(h, "/patrons/p1").Body).Decode(&v); err != nil {
		t.Fatal(err)
	}
	if v.Active != 4 || v.FinesCents != 0 {
		t.Fatalf("patron = %+v", v)
	}
}
