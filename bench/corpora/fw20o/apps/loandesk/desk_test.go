package loandesk

import (
	"errors"
	"testing"
	"time"
)

func TestCheckoutAndReturn(t *testing.T) {
	c := startDesk(t, WithBooks(sampleBooks()...), WithPatrons(samplePatrons()...))

	loan, err := c.Checkout("ada", isbnEmma)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Checkout("bob", isbnEmma); !errors.Is(err, ErrNoCopies) {
		t.Fatalf("second checkout of single copy: %v", err)
	}
	a, err := c.Availability(isbnEmma)
	if err != nil || a.OnShelf != 0 {
		t.Fatalf("availability = %+v, %v", a, err)
	}
	res, err := c.Return(loan.ID)
	if err != nil {
		t.Fatal(err)
	}
	if res.FineCents != 0 || res.SetAsideTo != "" {
		t.Fatalf("unexpected return result %+v", res)
	}
	a, _ = c.Availability(isbnEmma)
	if a.OnShelf != 1 {
		t.Fatalf("on shelf after return = %d", a.OnShelf)
	}
	st, _ := c.Stats()
	if st.Checkouts != 1 || st.Returns != 1 {
		t.Fatalf("stats = %+v", st)
	}
}

func TestLateReturnIsFined(t *testing.T) {
	clk := newManualClock()
	c := startDesk(t, WithClock(clk.Now), WithBooks(sampleBooks()...), WithPatrons(samplePatrons()...))
	loan, err := c.Checkout("ada", isbnDune)
	if err != nil {
		t.Fatal(err)
	}
	clk.Advance(DefaultPolicy().LoanPeriod + 50*time.Hour)
	res, err := c.Return(loan.ID)
	if err != nil {
		t.Fatal(err)
	}
	if want := 3 * DefaultPolicy().DailyFineCents; res.FineCents != want {
		t.Fatalf("fine = %d, want %d", res.FineCents, want)
	}
	st, _ := c.PatronStatus("ada")
	if st.FinesCents != res.FineCents || st.Active != 0 {
		t.Fatalf("patron = %+v", st)
	}
}

func TestBlockedPatronCannotBorrow(t *testing.T) {
	clk := newManualClock()
	pol := DefaultPolicy()
	pol.BlockAtCents = 100
	c := startDesk(t, WithPolicy(pol), WithClock(clk.Now), WithBooks(sampleBooks()...), WithPatrons(samplePatrons()...))
	loan, _ := c.Checkout("ada", isbnDune)
	clk.Advance(pol.LoanPeriod + 10*24*time.Hour)
	if _, err := c.Return(loan.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Checkout("ada", isbnHobbit); !errors.Is(err, ErrBlocked) {
		t.Fatalf("checkout while owing: %v", err)
	}
	st, err := c.PayFine("ada", 1000)
	if err != nil || st.FinesCents != 0 || st.Blocked {
		t.Fatalf("after payment: %+v %v", st, err)
	}
	if _, err := c.Checkout("ada", isbnHobbit); err != nil {
		t.Fatalf("checkout after paying: %v", err)
	}
}

func TestLoanLimit(t *testing.T) {
	c := startDesk(t, WithBooks(sampleBooks()...), WithPatrons(samplePatrons()...))
	for range 2 {
		if _, err := c.Checkout("bob", isbnHobbit); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := c.Checkout("bob", isbnDune); !errors.Is(err, ErrLoanLimit) {
		t.Fatalf("third loan: %v", err)
	}
}

func TestRenewal(t *testing.T) {
	c := startDesk(t, WithBooks(sampleBooks()...), WithPatrons(samplePatrons()...))
	loan, _ := c.Checkout("ada", isbnDune)
	due := loan.Due
	for i := range DefaultPolicy().MaxRenewals {
		l, err := c.Renew(loan.ID)
		if err != nil {
			t.Fatalf("renewal %d: %v", i, err)
		}
		if !l.Due.After(due) {
			t.Fatalf("due date not extended")
		}
		due = l.Due
	}
	if _, err := c.Renew(loan.ID); !errors.Is(err, ErrRenewalLimit) {
		t.Fatalf("extra renewal: %v", err)
	}
}

func TestRenewalRefusedWhenHoldsWait(t *testing.T) {
	c := startDesk(t, WithBooks(sampleBooks()...), WithPatrons(samplePatrons()...))
	loan, _ := c.Checkout("ada", isbnEmma)
	if pos, err := c.PlaceHold("bob", isbnEmma); err != nil || pos != 1 {
		t.Fatalf("hold: %d %v", pos, err)
	}
	if _, err := c.Renew(loan.ID); !errors.Is(err, ErrHoldsWaiting) {
		t.Fatalf("renew with holds: %v", err)
	}
}

func TestSetAsideCopyReturnsToShelfAfterPickupWindow(t *testing.T) {
	pol := DefaultPolicy()
	pol.HoldPickup = 5 * time.Millisecond
	c := startDesk(t, WithPolicy(pol), WithBooks(sampleBooks()...), WithPatrons(samplePatrons()...))

	loan, _ := c.Checkout("ada", isbnEmma)
	c.PlaceHold("bob", isbnEmma)
	res, err := c.Return(loan.ID)
	if err != nil || res.SetAsideTo != "bob" {
		t.Fatalf("return: %+v %v", res, err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for {
		a, _ := c.Availability(isbnEmma)
		if a.OnShelf == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("set-aside copy never released")
		}
		time.Sleep(2 * time.Millisecond)
	}
	st, _ := c.Stats()
	if st.HoldsExpired != 1 {
		t.Fatalf("stats = %+v", st)
	}
}

func TestHoldPickedUpInTime(t *testing.T) {
	c := startDesk(t, WithBooks(sampleBooks()...), WithPatrons(samplePatrons()...))
	loan, _ := c.Checkout("ada", isbnEmma)
	c.PlaceHold("bob", isbnEmma)
	c.Return(loan.ID)
	if _, err := c.Checkout("bob", isbnEmma); err != nil {
		t.Fatalf("bob collects his hold: %v", err)
	}
	if _, err := c.Checkout("ada", isbnEmma); !errors.Is(err, ErrNoCopies) {
		t.Fatalf("ada got bob's copy: %v", err)
	}
}

func TestReceiptDeliveryIsRecorded(t *testing.T) {
	m := &slowMailer{delay: 3 * time.Millisecond}
	c := startDesk(t, WithMailer(m), WithBooks(sampleBooks()...), WithPatrons(samplePatrons()...))
	loan, err := c.Checkout("ada", isbnHobbit)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for {
		l, err := c.Loan(loan.ID)
		if err != nil {
			t.Fatal(err)
		}
		if l.ReceiptSent {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("receipt never recorded")
		}
		time.Sleep(time.Millisecond)
	}
	sent := m.Sent()
	if len(sent) != 1 || sent[0].Title != "The Hobbit" || sent[0].Email != "ada@example.org" {
		t.Fatalf("sent = %+v", sent)
	}
	if st, _ := c.Stats(); st.Receipts != 1 {
		t.Fatalf("stats = %+v", st)
	}
}

func TestAuditFindsMissingCopies(t *testing.T) {
	c := startDesk(t, WithBooks(sampleBooks()...), WithPatrons(samplePatrons()...))
	if _, err := c.Checkout("ada", isbnDune); err != nil {
		t.Fatal(err)
	}
	scan := fixedScanner{isbnDune: 1, isbnEmma: 0, isbnHobbit: 3}
	got, err := c.Audit(scan)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].ISBN != isbnEmma || got[0].Expected != 1 || got[0].Counted != 0 {
		t.Fatalf("audit = %+v", got)
	}
}

func TestOverdueNoticeFee(t *testing.T) {
	pol := DefaultPolicy()
	pol.LoanPeriod = 5 * time.Millisecond
	c := startDesk(t, WithPolicy(pol), WithBooks(sampleBooks()...), WithPatrons(samplePatrons()...))

	if _, err := c.Checkout("ada", isbnDune); err != nil {
		t.Fatal(err)
	}
	var st PatronStatus
	deadline := time.Now().Add(2 * time.Second)
	for i := 0; i < 25 || (st.FinesCents == 0 && time.Now().Before(deadline)); i++ {
		st, _ = c.PatronStatus("ada")
		time.Sleep(2 * time.Millisecond)
	}
	if st.FinesCents != pol.NoticeFeeCents {
		t.Fatalf("fines = %d, want notice fee %d", st.FinesCents, pol.NoticeFeeCents)
	}
}

func TestReturnedCopyIsAnnounced(t *testing.T) {
	pub := &recordingPublisher{}
	c := startDesk(t, WithPublisher(pub, time.Second), WithBooks(sampleBooks()...), WithPatrons(samplePatrons()...))

	loan, err := c.Checkout("ada", isbnDune)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Return(loan.ID); err != nil {
		t.Fatal(err)
	}
	var st Stats
	deadline := time.Now().Add(2 * time.Second)
	for i := 0; i < 20 || (st.Announced == 0 && time.Now().Before(deadline)); i++ {
		st, _ = c.Stats()
		time.Sleep(time.Millisecond)
	}
	if st.Announced != 1 {
		t.Fatalf("announced = %d", st.Announced)
	}
	evs := pub.Events()
	if len(evs) != 1 || evs[0].ISBN != isbnDune || evs[0].OnShelf != 2 {
		t.Fatalf("events = %+v", evs)
	}
}
