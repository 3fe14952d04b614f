// Package storage persists expense records as JSON and exports them as CSV.
package storage

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// Record is the stored form of an expense.
type Record struct {
	ID            int       `json:"id"`
	When          time.Time `json:"when"`
	Description   string    `json:"description"`
	Category      string    `json:"category"`
	AmountCents   int64     `json:"amount_cents"`
	Currency      string    `json:"currency"`
	OriginalCents int64     `json:"original_cents"`
}

// JSONFile stores records in a single JSON document.
type JSONFile struct {
	Path string
}

// Save replaces the file contents with the given records.
func (f JSONFile) Save(recs []Record) error {
	data, err := json.MarshalIndent(recs, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(f.Path), ".expenses-*.json")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), f.Path)
}

// Load reads the stored records; a missing file yields no records.
func (f JSONFile) Load() ([]Record, error) {
	data, err := os.ReadFile(f.Path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var recs []Record
	if err := json.Unmarshal(data, &recs); err != nil {
		return nil, fmt.Errorf("storage: %s: %w", f.Path, err)
	}
	return recs, nil
}

// WriteCSV writes the records with a header row.
func WriteCSV(w io.Writer, recs []Record) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"id", "date", "description", "category", "amount", "currency", "original"}); err != nil {
		return err
	}
	for _, r := range recs {
		row := []string{
			strconv.Itoa(r.ID),
			r.When.Format(time.DateOnly),
			r.Description,
			r.Category,
			FormatCents(r.AmountCents),
			r.Currency,
			FormatCents(r.OriginalCents),
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// FormatCents renders an amount such as 1234 as "12.34".
func FormatCents(c int64) string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	return fmt.Sprintf("%s%d.%02d", sign, c/100, c%100)
}
