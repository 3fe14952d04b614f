package vault

import (
	"errors"
	"testing"
	"time"
)

func TestSealOpenRoundTrip(t *testing.T) {
	s := sealedFixture(t)
	if _, err := Open(s, "wrong"); !errors.Is(err, ErrBadPassphrase) {
		t.Fatalf("wrong passphrase: %v", err)
	}
	v, err := Open(s, testPass)
	if err != nil {
		t.Fatal(err)
	}
	if v.Len() != 8 || v.entries[0].Title != "Bank" {
		t.Fatalf("entries: %d, first %q", v.Len(), v.entries[0].Title)
	}
	if got := v.Filter("dev"); len(got) != 3 {
		t.Errorf("dev tag matches %d", len(got))
	}
	if got := v.Filter("git"); len(got) != 2 {
		t.Errorf("git matches %d", len(got))
	}
	s2, err := v.Reseal()
	if err != nil {
		t.Fatal(err)
	}
	v2, err := Open(s2, testPass)
	if err != nil || v2.Len() != 8 {
		t.Fatalf("reopen: %v", err)
	}
	v.Lock()
	if !v.Locked() || v.key != nil {
		t.Error("lock did not wipe the vault")
	}
	if _, err := v.Reseal(); err == nil {
		t.Error("resealed a locked vault")
	}
}

func TestMerge(t *testing.T) {
	v, err := Open(sealedFixture(t), testPass)
	if err != nil {
		t.Fatal(err)
	}
	n := v.Merge([]Entry{
		{ID: "3", Title: "Forum", Username: "jdoe", Password: "new-and-better-42", Updated: day.Add(time.Hour)},
		{ID: "2", Title: "Bank (old)", Updated: day.Add(-time.Hour)},
		{ID: "9", Title: "Aardvark Club", Username: "jd", Password: "zz", Updated: day},
	})
	if n != 2 || v.Len() != 9 || v.entries[0].Title != "Aardvark Club" {
		t.Fatalf("merge: n=%d len=%d first=%q", n, v.Len(), v.entries[0].Title)
	}
	for _, e := range v.entries {
		if e.ID == "2" && e.Title != "Bank" {
			t.Error("older remote entry replaced a newer local one")
		}
		if e.ID == "3" && e.Password != "new-and-better-42" {
			t.Error("newer remote entry not applied")
		}
	}
}
