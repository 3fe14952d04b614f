package dispatch

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"time"
)

func getJSON(t *testing.T, url string, v any) int {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	if v != nil && resp.StatusCode < 300 {
		if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
			t.Fatalf("decode %s: %v", url, err)
		}
	}
	return resp.StatusCode
}

func TestDriverEndpointShowsLatestFix(t *testing.T) {
	d := newTestDispatcher(t)
	onlineDriver(t, d, "d7", Standard, tiergarten)
	srv := httptest.NewServer(d.Handler())
	defer srv.Close()

	var wg sync.WaitGroup
	wg.Go(func() {
		for i := range 40 {
			p := Point{Lat: tiergarten.Lat + float64(i)*0.0001, Lng: tiergarten.Lng}
			_ = d.UpdateLocation("d7", p)
			time.Sleep(time.Millisecond)
		}
	})
	var last DriverView
	for range 20 {
		if code := getJSON(t, srv.URL+"/drivers/d7", &last); code != http.StatusOK {
			t.Fatalf("status %d", code)
		}
		time.Sleep(time.Millisecond)
	}
	wg.Wait()
	if last.ID != "d7" || last.Status != "idle" {
		t.Fatalf("view = %+v", last)
	}
	if code := getJSON(t, srv.URL+"/drivers/nobody", nil); code != http.StatusNotFound {
		t.Fatalf("unknown driver status %d", code)
	}
}

func TestListDriversWhileDriving(t *testing.T) {
	d := newTestDispatcher(t)
	onlineDriver(t, d, "d1", Standard, tiergarten)
	onlineDriver(t, d, "d2", XL, alexanderplatz)
	srv := httptest.NewServer(d.Handler())
	defer srv.Close()

	var wg sync.WaitGroup
	wg.Go(func() {
		for i := range 40 {
			_ = d.UpdateLocation("d1", Point{Lat: tiergarten.Lat, Lng: tiergarten.Lng + float64(i)*0.0001})
			time.Sleep(time.Millisecond)
		}
	})
	var list []DriverView
	for range 20 {
		getJSON(t, srv.URL+"/drivers", &list)
		time.Sleep(time.Millisecond)
	}
	wg.Wait()
	if len(list) != 2 || list[0].ID != "d1" || list[1].Class != "xl" {
		t.Fatalf("list = %+v", list)
	}
}

func TestRideEndpointDuringAssignment(t *testing.T) {
	d := newTestDispatcher(t)
	onlineDriver(t, d, "d1", Standard, tiergarten)
	srv := httptest.NewServer(d.Handler())
	defer srv.Close()

	body, _ := json.Marshal(RideRequest{Rider: "lou", Pickup: centralStation, Dropoff: alexanderplatz})
	resp, err := http.Post(srv.URL+"/rides", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var created RideView
	if err := json.NewDecoder(resp.Body).Decode(&created); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated || created.Status != "offered" {
		t.Fatalf("created = %d %+v", resp.StatusCode, created)
	}

	var wg sync.WaitGroup
	wg.Go(func() {
		time.Sleep(5 * time.Millisecond)
		if err := d.Accept("d1", created.ID); err != nil {
			t.Errorf("accept: %v", err)
		}
	})
	var v RideView
	for range 20 {
		getJSON(t, srv.URL+"/rides/"+created.ID, &v)
		time.Sleep(time.Millisecond)
	}
	wg.Wait()
	getJSON(t, srv.URL+"/rides/"+created.ID, &v)
	if v.Status != "assigned" || v.DriverID != "d1" {
		t.Fatalf("view = %+v", v)
	}
}

func TestQuoteEndpointFollowsSurgeFeed(t *testing.T) {
	d := newTestDispatcher(t)
	srv := httptest.NewServer(d.Handler())
	defer srv.Close()

	var wg sync.WaitGroup
	wg.Go(func() {
		for i := range 30 {
			d.SetSurge(centralStation, 1+float64(i%4)*0.25)
			time.Sleep(time.Millisecond)
		}
		d.SetSurge(centralStation, 2)
	})
	q := url.Values{"from": {centralStation.String()}, "to": {potsdam.String()}}
	var fare Fare
	for range 20 {
		if code := getJSON(t, srv.URL+"/quote?"+q.Encode(), &fare); code != http.StatusOK {
			t.Fatalf("status %d", code)
		}
	}
	wg.Wait()
	getJSON(t, srv.URL+"/quote?"+q.Encode(), &fare)
	if fare.Surge != 2 || fare.Currency != "EUR" || fare.DistanceKm < 20 {
		t.Fatalf("fare = %+v", fare)
	}
	if code := getJSON(t, fmt.Sprintf("%s/quote?from=x&to=%s", srv.URL, potsdam), nil); code != http.StatusBadRequest {
		t.Fatalf("bad point status %d", code)
	}
}

func TestLocationEndpoint(t *testing.T) {
	d := newTestDispatcher(t)
	onlineDriver(t, d, "d1", Standard, tiergarten)
	srv := httptest.NewServer(d.Handler())
	defer srv.Close()

	resp, err := http.Post(srv.URL+"/drivers/d1/location", "application/json", bytes.NewBufferString(`{"lat":52.52,"lng":13.40}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("status %d", resp.StatusCode)
	}
	drivers, _ := d.Drivers()
	if drivers[0].Lat != 52.52 {
		t.Fatalf("driver = %+v", drivers[0])
	}
}
