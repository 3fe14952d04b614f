package fanouts

import "strings"

// Look-alike of PeekEach: a call reading a field that holds a pointer
// goes on to what it points to (c.buf.WriteString), which the read does
// not show: it stays a finding.
//
//confined:owner
type Coder struct { // want Coder:`confined:owner`
	buf *strings.Builder
}

func (c *Coder) encode() { c.buf.WriteString("x") } // want `calls confined \(\*fanouts\.Coder\)\.encode off the owner: this code runs via fanouts\.each`

func (c *Coder) EncodeEach() { // want EncodeEach:`may block` EncodeEach:`summary\(started arg0\)`
	each(3, func(int) { c.encode() })
}
