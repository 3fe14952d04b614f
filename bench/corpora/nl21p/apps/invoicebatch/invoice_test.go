package invoicebatch

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"
)

var day0 = time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)

func sampleInvoice(customer string, n int) Invoice {
	return Invoice{
		Number:   customer + "-" + strconv.Itoa(1000+n),
		Customer: Customer{ID: customer, Name: "Customer " + customer, Email: customer + "@example.com", Country: "DE", VATID: "DE123456789"},
		Currency: "EUR",
		Issued:   day0.AddDate(0, 0, n),
		Due:      day0.AddDate(0, 0, n+30),
		Items: []LineItem{
			{SKU: "HOST-S", Description: "Hosting (small)", Quantity: 1, UnitPrice: 1999, TaxRate: 1900},
			{SKU: "SUP", Description: "Support hours", Quantity: 3, UnitPrice: 8000, TaxRate: 1900, Discount: 1000},
			{SKU: "BOOK", Description: "Manual", Quantity: 2, UnitPrice: 1250, TaxRate: 700},
		},
		Notes: "Thank you for your business.\nPayment within 30 days.",
	}
}

func TestMoney(t *testing.T) {
	for s, want := range map[string]Money{"12.5": 1250, "12.05": 1205, "-3": -300, "0.07": 7} {
		got, err := ParseMoney(s)
		if err != nil || got != want {
			t.Errorf("ParseMoney(%q) = %v, %v", s, got, err)
		}
	}
	if _, err := ParseMoney("1.234"); err == nil {
		t.Error("accepted three decimals")
	}
	if got := Money(-1205).String(); got != "-12.05" {
		t.Errorf("String = %q", got)
	}
	if mulRate(1005, 5000) != 503 || mulRate(-1005, 5000) != -503 {
		t.Error("mulRate does not round half away from zero")
	}
}

func TestTotals(t *testing.T) {
	inv := sampleInvoice("acme", 1)
	tot := inv.Totals()
	// 19.99 + 216.00 at 19%, 25.00 at 7%.
	if tot.Net != 1999+21600+2500 {
		t.Errorf("net = %v", tot.Net)
	}
	if tot.TaxByRate[1900] != 4484 || tot.TaxByRate[700] != 175 {
		t.Errorf("tax by rate = %v", tot.TaxByRate)
	}
	if tot.Gross != tot.Net+4484+175 {
		t.Errorf("gross = %v", tot.Gross)
	}
}

func TestValidate(t *testing.T) {
	inv := sampleInvoice("acme", 1)
	if err := inv.Validate(); err != nil {
		t.Fatal(err)
	}
	inv.Currency = "eur"
	inv.Items[1].Quantity = 0
	inv.Due = inv.Issued.AddDate(0, 0, -1)
	err := inv.Validate()
	var fe *FieldError
	if !errors.As(err, &fe) {
		t.Fatalf("err = %v", err)
	}
	for _, want := range []string{"currency", "items[1].quantity", "due"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %s: %v", want, err)
		}
	}
}

func TestRenderDocument(t *testing.T) {
	a, b := sampleInvoice("acme", 1), sampleInvoice("acme", 2)
	b.Notes = strings.Repeat("line (with parens)\n", 60)
	doc, pages := renderDocument([]*Invoice{&a, &b}, 40)
	if pages != 3 {
		t.Errorf("pages = %d, want 3", pages)
	}
	if !bytes.HasPrefix(doc, []byte("%PDF-1.4")) || !bytes.HasSuffix(doc, []byte("%%EOF\n")) {
		t.Error("missing PDF header or trailer")
	}
	if !bytes.Contains(doc, []byte(`(line \(with parens\)) Tj`)) {
		t.Error("parentheses not escaped")
	}
	if !bytes.Contains(doc, []byte("/Count 3")) {
		t.Error("page tree count wrong")
	}
	// Every xref offset must point at the start of its object.
	xref := bytes.LastIndex(doc, []byte("xref\n"))
	rows := strings.Split(string(doc[xref:]), "\n")[3:]
	for n := 1; n < len(rows) && strings.HasSuffix(rows[n-1], " n "); n++ {
		off, _ := strconv.Atoi(rows[n-1][:10])
		if !bytes.HasPrefix(doc[off:], []byte(strconv.Itoa(n)+" 0 obj")) {
			t.Fatalf("xref entry %d points at %q", n, doc[off:off+10])
		}
	}
}

func TestEscapeAndRate(t *testing.T) {
	if got := escapePDF(`a\b (c) é`); got != `a\\b \(c\) ?` {
		t.Errorf("escapePDF = %q", got)
	}
	for bps, want := range map[int]string{1900: "19%", 550: "5.5%", 725: "7.25%", 0: "0%"} {
		if got := rateString(bps); got != want {
			t.Errorf("rateString(%d) = %q", bps, got)
		}
	}
}
