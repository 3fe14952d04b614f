// Package cards has the values a board shows, and a canned source that
// keeps and serves columns of its own.
package cards

type Column struct {
	Name  string
	Cards []string
}

type Canned struct{ Board []Column }

// Columns copies the canned columns.
func (c *Canned) Columns() []Column {
	out := make([]Column, len(c.Board))
	for i, col := range c.Board {
		out[i] = Column{Name: col.Name, Cards: append([]string(nil), col.Cards...)}
	}
	return out
}
