package pool

import (
	"context"
	"errors"
	"strconv"
	"testing"
)

func TestMapKeepsOrder(t *testing.T) {
	in := []int{5, 3, 9, 1, 7}
	out, err := Map(context.Background(), 3, in, func(_ context.Context, v int) (string, error) {
		return strconv.Itoa(v * 2), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"10", "6", "18", "2", "14"}
	for i := range want {
		if out[i] != want[i] {
			t.Fatalf("out[%d] = %q, want %q", i, out[i], want[i])
		}
	}
}

func TestMapError(t *testing.T) {
	bad := errors.New("bad")
	_, err := Map(context.Background(), 2, []int{1, 2, 3}, func(_ context.Context, v int) (int, error) {
		if v == 2 {
			return 0, bad
		}
		return v, nil
	})
	if !errors.Is(err, bad) {
		t.Fatalf("err = %v", err)
	}
}

func TestForEach(t *testing.T) {
	seen := make([]bool, 20)
	items := make([]int, 20)
	for i := range items {
		items[i] = i
	}
	if err := ForEach(context.Background(), 4, items, func(_ context.Context, i int) error {
		seen[i] = true
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for i, ok := range seen {
		if !ok {
			t.Fatalf("item %d not visited", i)
		}
	}
}

func TestPartition(t *testing.T) {
	chunks := Partition([]int{1, 2, 3, 4, 5, 6, 7}, 3)
	if len(chunks) != 3 {
		t.Fatalf("chunks = %d", len(chunks))
	}
	total := 0
	for _, c := range chunks {
		total += len(c)
	}
	if total != 7 {
		t.Fatalf("total = %d", total)
	}
	if got := Partition([]int{1}, 4); len(got) != 1 {
		t.Fatalf("got %d chunks", len(got))
	}
}
