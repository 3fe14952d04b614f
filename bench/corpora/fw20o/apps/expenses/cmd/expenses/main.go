// Command expenses runs the expense tracker desktop app.
package main

import (
	"flag"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"example.com/corpus/trial-fw20o/apps/expenses"
	"example.com/corpus/trial-fw20o/apps/expenses/companion"
	"example.com/corpus/trial-fw20o/apps/expenses/storage"
)

func main() {
	addr := flag.String("companion", "127.0.0.1:8765", "address for the phone companion API")
	flag.Parse()

	dir, err := os.UserConfigDir()
	if err != nil {
		log.Fatal(err)
	}
	dir = filepath.Join(dir, "expenses")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		log.Fatal(err)
	}

	a := app.NewWithID("com.example.expenses")
	w := a.NewWindow("Expenses")
	t := expenses.New(
		expenses.WithHomeCurrency("USD"),
		expenses.WithTravelCurrency("EUR", 1.08),
		expenses.WithStore(storage.JSONFile{Path: filepath.Join(dir, "expenses.json")}, 2*time.Second),
		expenses.WithExportSink(expenses.DirSink(dir)),
	)
	w.SetContent(t.Content())
	w.Resize(fyne.NewSize(820, 560))
	w.SetOnClosed(t.Close)

	go func() {
		if err := http.ListenAndServe(*addr, companion.NewHandler(t)); err != nil {
			log.Printf("companion API: %v", err)
		}
	}()
	w.ShowAndRun()
}
