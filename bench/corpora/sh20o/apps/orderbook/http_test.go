package orderbook

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

func TestHTTPOrderLifecycle(t *testing.T) {
	e := newTestEngine(t)
	srv := httptest.NewServer(e.Handler())
	defer srv.Close()

	post := func(req NewOrder) submitResponse {
		body, _ := json.Marshal(req)
		resp, err := http.Post(srv.URL+"/orders", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusCreated {
			t.Fatalf("status %d", resp.StatusCode)
		}
		var out submitResponse
		if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
			t.Fatal(err)
		}
		return out
	}

	var wg sync.WaitGroup
	wg.Go(func() {
		for range 10 {
			_, _, _ = e.Submit(limit("mm", Sell, 100, 3))
		}
	})
	for range 10 {
		resp, err := http.Get(srv.URL + "/books/ACME?levels=3")
		if err != nil {
			t.Fatal(err)
		}
		var d Depth
		_ = json.NewDecoder(resp.Body).Decode(&d)
		resp.Body.Close()
	}
	wg.Wait()

	out := post(limit("fund", Buy, 100, 12))
	if out.Order.Status != "filled" || len(out.Trades) != 4 {
		t.Fatalf("response = %+v", out)
	}
	resp, err := http.Get(fmt.Sprintf("%s/orders/%d", srv.URL, out.Order.ID))
	if err != nil {
		t.Fatal(err)
	}
	var v OrderView
	_ = json.NewDecoder(resp.Body).Decode(&v)
	resp.Body.Close()
	if v.Filled != 12 {
		t.Fatalf("view = %+v", v)
	}

	req, _ := http.NewRequest(http.MethodDelete, fmt.Sprintf("%s/orders/%d", srv.URL, out.Order.ID), nil)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusConflict {
		t.Fatalf("cancel filled order: %d", resp.StatusCode)
	}

	resp, err = http.Get(srv.URL + "/fees")
	if err != nil {
		t.Fatal(err)
	}
	var fees FeeSchedule
	_ = json.NewDecoder(resp.Body).Decode(&fees)
	resp.Body.Close()
	if fees.TakerBps != 3 {
		t.Fatalf("fees = %+v", fees)
	}
}
