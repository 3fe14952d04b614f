package thumbs

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
)

func TestMemStoreRoundTrip(t *testing.T) {
	st := NewMemStore()
	if _, err := st.Get("missing"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Get(missing) err = %v", err)
	}
	data := []byte("hello")
	if err := st.Put("a/1", data); err != nil {
		t.Fatal(err)
	}
	data[0] = 'j'
	got, err := st.Get("a/1")
	if err != nil || string(got) != "hello" {
		t.Fatalf("Get = %q, %v", got, err)
	}
	if err := st.Put("", nil); err == nil {
		t.Fatal("empty key accepted")
	}
}

func TestMemStoreConcurrentWriters(t *testing.T) {
	st := NewMemStore()
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for j := range 10 {
				if err := st.Put(fmt.Sprintf("k/%d/%d", i, j), []byte{byte(j)}); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	keys, _ := st.List("k/3/")
	if len(keys) != 10 || !slices.IsSorted(keys) {
		t.Fatalf("List = %v", keys)
	}
	if st.Puts() != 80 {
		t.Fatalf("Puts = %d", st.Puts())
	}
}
