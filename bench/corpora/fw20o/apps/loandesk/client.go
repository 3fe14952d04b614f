package loandesk

import (
	"fmt"

	"github.com/ergo-services/ergo/gen"
	"github.com/ergo-services/ergo/node"
)

// Client is the synchronous API of a running desk process.
type Client struct {
	proc gen.Process
	desk *Desk
}

// Start spawns a desk process on the node under the given name.
func Start(n node.Node, name string, opts ...Option) (*Client, error) {
	d := newDesk(buildOptions(opts))
	p, err := n.Spawn(name, gen.ProcessOptions{MailboxSize: 256, DirectboxSize: 64}, d)
	if err != nil {
		return nil, fmt.Errorf("loandesk: spawn %s: %w", name, err)
	}
	return &Client{proc: p, desk: d}, nil
}

// Catalog gives read access to the titles held by the desk.
func (c *Client) Catalog() *Catalog {
	return c.desk.catalog
}

// Stop terminates the desk process and waits for it to exit.
func (c *Client) Stop() {
	c.proc.Kill()
	c.proc.Wait()
}

func call[T any](c *Client, req any) (T, error) {
	var zero T
	reply, err := c.proc.Direct(req)
	if err != nil {
		return zero, err
	}
	if reply == nil {
		return zero, nil
	}
	v, ok := reply.(T)
	if !ok {
		return zero, fmt.Errorf("loandesk: unexpected reply %T", reply)
	}
	return v, nil
}

// Checkout lends a copy of isbn to the patron.
func (c *Client) Checkout(patronID, isbn string) (Loan, error) {
	return call[Loan](c, checkoutRequest{patronID: patronID, isbn: isbn})
}

// Return closes a loan and puts the copy back on the shelf or aside for a hold.
func (c *Client) Return(loanID string) (ReturnResult, error) {
	return call[ReturnResult](c, returnRequest{loanID: loanID})
}

// Renew extends a loan by one loan period.
func (c *Client) Renew(loanID string) (Loan, error) {
	return call[Loan](c, renewRequest{loanID: loanID})
}

// PlaceHold queues the patron for the next returned copy and reports the
// position in the queue.
func (c *Client) PlaceHold(patronID, isbn string) (int, error) {
	return call[int](c, holdRequest{patronID: patronID, isbn: isbn})
}

// PayFine records a payment towards a patron's fines.
func (c *Client) PayFine(patronID string, cents int) (PatronStatus, error) {
	return call[PatronStatus](c, paymentRequest{patronID: patronID, cents: cents})
}

// PatronStatus returns the account summary of a patron.
func (c *Client) PatronStatus(patronID string) (PatronStatus, error) {
	return call[PatronStatus](c, patronQuery{patronID: patronID})
}

// Availability returns the shelf status of a title.
func (c *Client) Availability(isbn string) (Availability, error) {
	return call[Availability](c, availabilityQuery{isbn: isbn})
}

// Loan returns a copy of an open loan.
func (c *Client) Loan(loanID string) (Loan, error) {
	return call[Loan](c, loanQuery{loanID: loanID})
}

// Stats returns the desk counters.
func (c *Client) Stats() (Stats, error) {
	return call[Stats](c, statsQuery{})
}

// Audit counts all titles with the scanner and returns mismatches.
func (c *Client) Audit(s ShelfScanner) ([]Discrepancy, error) {
	return call[[]Discrepancy](c, auditRequest{scanner: s})
}

// AddBook adds copies of a title to the desk.
func (c *Client) AddBook(b Book) error {
	_, err := c.proc.Direct(addBookRequest{book: b})
	return err
}

// Register adds a patron.
func (c *Client) Register(p Patron) error {
	_, err := c.proc.Direct(registerRequest{patron: p})
	return err
}
