package gateway

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

func TestHTTPIngestAndRead(t *testing.T) {
	g := newTestGateway(t)
	mustRegister(t, g, "t1", "temperature")
	mustRegister(t, g, "t2", "temperature")
	srv := httptest.NewServer(g.Handler())
	defer srv.Close()

	var wg sync.WaitGroup
	for w := range 2 {
		wg.Go(func() {
			for i := range 10 {
				body := fmt.Sprintf("t%d,%d\n", w+1, 15+i)
				resp, err := http.Post(srv.URL+"/ingest", "text/plain", bytes.NewBufferString(body))
				if err != nil {
					t.Errorf("post: %v", err)
					return
				}
				resp.Body.Close()
			}
		})
	}
	for range 10 {
		resp, err := http.Get(srv.URL + "/sensors/t1")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		resp, err = http.Get(srv.URL + "/health")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	wg.Wait()

	resp, err := http.Get(srv.URL + "/sensors")
	if err != nil {
		t.Fatal(err)
	}
	var list []SensorView
	_ = json.NewDecoder(resp.Body).Decode(&list)
	resp.Body.Close()
	if len(list) != 2 || len(list[0].Recent) != 10 || list[1].Last.Value != 24 {
		t.Fatalf("list = %+v", list)
	}

	resp, err = http.Get(srv.URL + "/thresholds")
	if err != nil {
		t.Fatal(err)
	}
	var th map[string]Threshold
	_ = json.NewDecoder(resp.Body).Decode(&th)
	resp.Body.Close()
	if th["temperature"].Max != 60 {
		t.Fatalf("thresholds = %+v", th)
	}

	resp, err = http.Get(srv.URL + "/sensors/zz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Fatalf("unknown sensor status %d", resp.StatusCode)
	}
}
