package invoicebatch

import (
	"bytes"
	"strconv"
	"strings"
	"time"
)

const (
	pageWidth          = 595 // A4 in points
	pageHeight         = 842
	marginLeft         = 50
	marginTop          = 60
	leading            = 14
	defaultLinesOnPage = 52
)

// pdfWriter assembles a PDF file object by object and remembers each
// object's byte offset for the cross-reference table.
type pdfWriter struct {
	buf     bytes.Buffer
	offsets []int // offsets[n-1] is the offset of object n
}

func newPDFWriter() *pdfWriter {
	w := &pdfWriter{}
	w.buf.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	return w
}

// reserve allocates an object number to be written later.
func (w *pdfWriter) reserve() int {
	w.offsets = append(w.offsets, -1)
	return len(w.offsets)
}

func (w *pdfWriter) object(n int, body string) {
	w.offsets[n-1] = w.buf.Len()
	w.buf.WriteString(strconv.Itoa(n))
	w.buf.WriteString(" 0 obj\n")
	w.buf.WriteString(body)
	w.buf.WriteString("\nendobj\n")
}

func (w *pdfWriter) stream(n int, data []byte) {
	w.object(n, "<< /Length "+strconv.Itoa(len(data))+" >>\nstream\n"+string(data)+"\nendstream")
}

func (w *pdfWriter) finish(root int) []byte {
	xref := w.buf.Len()
	w.buf.WriteString("xref\n0 ")
	w.buf.WriteString(strconv.Itoa(len(w.offsets) + 1))
	w.buf.WriteString("\n0000000000 65535 f \n")
	for _, off := range w.offsets {
		w.buf.WriteString(pad10(off))
		w.buf.WriteString(" 00000 n \n")
	}
	w.buf.WriteString("trailer\n<< /Size ")
	w.buf.WriteString(strconv.Itoa(len(w.offsets) + 1))
	w.buf.WriteString(" /Root ")
	w.buf.WriteString(ref(root))
	w.buf.WriteString(" >>\nstartxref\n")
	w.buf.WriteString(strconv.Itoa(xref))
	w.buf.WriteString("\n%%EOF\n")
	return w.buf.Bytes()
}

func pad10(n int) string {
	s := strconv.Itoa(n)
	return strings.Repeat("0", max(0, 10-len(s))) + s
}

func ref(n int) string { return strconv.Itoa(n) + " 0 R" }

// escapePDF escapes a string for a PDF literal and replaces characters
// the standard fonts cannot show.
func escapePDF(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '(' || r == ')' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 32 || r > 126:
			b.WriteByte('?')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// renderDocument lays out invs, each starting on a new page, and returns
// the PDF bytes and the page count.
func renderDocument(invs []*Invoice, linesPerPage int) ([]byte, int) {
	if linesPerPage <= 0 {
		linesPerPage = defaultLinesOnPage
	}
	w := newPDFWriter()
	catalog := w.reserve()
	pagesObj := w.reserve()
	font := w.reserve()
	w.object(font, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")

	var kids []string
	for _, inv := range invs {
		lines := invoiceLines(inv)
		for start := 0; start < len(lines); start += linesPerPage {
			chunk := lines[start:min(start+linesPerPage, len(lines))]
			page, content := w.reserve(), w.reserve()
			w.stream(content, pageContent(chunk))
			w.object(page, "<< /Type /Page /Parent "+ref(pagesObj)+
				" /MediaBox [0 0 "+strconv.Itoa(pageWidth)+" "+strconv.Itoa(pageHeight)+"]"+
				" /Resources << /Font << /F1 "+ref(font)+" >> >> /Contents "+ref(content)+" >>")
			kids = append(kids, ref(page))
		}
	}
	w.object(pagesObj, "<< /Type /Pages /Kids ["+strings.Join(kids, " ")+"] /Count "+strconv.Itoa(len(kids))+" >>")
	w.object(catalog, "<< /Type /Catalog /Pages "+ref(pagesObj)+" >>")
	return w.finish(catalog), len(kids)
}

func pageContent(lines []string) []byte {
	var b bytes.Buffer
	b.WriteString("BT\n/F1 10 Tf\n")
	b.WriteString(strconv.Itoa(leading))
	b.WriteString(" TL\n")
	b.WriteString(strconv.Itoa(marginLeft))
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(pageHeight - marginTop))
	b.WriteString(" Td\n")
	for _, l := range lines {
		b.WriteByte('(')
		b.WriteString(escapePDF(l))
		b.WriteString(") Tj T*\n")
	}
	b.WriteString("ET")
	return b.Bytes()
}

func invoiceLines(inv *Invoice) []string {
	t := inv.Totals()
	lines := []string{
		"INVOICE " + inv.Number,
		"Issued: " + inv.Issued.Format(time.DateOnly) + dueSuffix(inv),
		"",
		"Bill to: " + inv.Customer.Name,
	}
	if inv.Customer.VATID != "" {
		lines = append(lines, "VAT ID: "+inv.Customer.VATID)
	}
	lines = append(lines, "", columns("SKU", "Description", "Qty", "Unit", "Amount"))
	for _, l := range inv.Items {
		lines = append(lines, columns(l.SKU, l.Description, strconv.Itoa(l.Quantity), l.UnitPrice.String(), l.Net().String()))
	}
	lines = append(lines, "", "Net: "+t.Net.String()+" "+inv.Currency)
	for _, rate := range sortedRates(t.TaxByRate) {
		lines = append(lines, "VAT "+rateString(rate)+": "+t.TaxByRate[rate].String()+" "+inv.Currency)
	}
	lines = append(lines, "Total due: "+t.Gross.String()+" "+inv.Currency)
	if inv.Notes != "" {
		lines = append(lines, "")
		lines = append(lines, strings.Split(inv.Notes, "\n")...)
	}
	return lines
}

func dueSuffix(inv *Invoice) string {
	if inv.Due.IsZero() {
		return ""
	}
	return "   Due: " + inv.Due.Format(time.DateOnly)
}

func columns(cols ...string) string {
	widths := []int{10, 28, 5, 10, 12}
	var b strings.Builder
	for i, c := range cols {
		if len(c) > widths[i] {
			c = c[:widths[i]-1] + "~"
		}
		b.WriteString(c)
		b.WriteString(strings.Repeat(" ", widths[i]-len(c)+1))
	}
	return strings.TrimRight(b.String(), " ")
}

func rateString(bps int) string {
	s := strconv.Itoa(bps / 100)
	if frac := bps % 100; frac != 0 {
		f := strconv.Itoa(frac)
		if frac < 10 {
			f = "0" + f
		}
		s += "." + strings.TrimRight(f, "0")
	}
	return s + "%"
}

func sortedRates(m map[int]Money) []int {
	rates := make([]int, 0, len(m))
	for r := range m {
		rates = append(rates, r)
	}
	for i := 1; i < len(rates); i++ {
		for j := i; j > 0 && rates[j] < rates[j-1]; j-- {
			rates[j], rates[j-1] = rates[j-1], rates[j]
		}
	}
	return rates
}
