// Package suggestexplainline: -suggest -explain says why a field set up
// once and read off the owner gets no :any when it shares its line with
// one the owner writes.
package suggestexplainline

type desk struct { // want `suggest for suggestexplainline.desk: //confined:owner`
	label, notes string // want `explain: no //confined:any for field label: only code building a desk writes it, and func literal in \(\*suggestexplainline.desk\).show reads it off the owner, but it shares its line with notes, which must stay confined: give it a line of its own to mark it`
	inbox        chan func()
}

func newDesk(label string) *desk {
	d := &desk{label: label, inbox: make(chan func())}
	go d.serve()
	return d
}

func (d *desk) serve() { // want `suggest for \(\*suggestexplainline.desk\).serve: //confined:loop` serve:`confined:loop`
	for f := range d.inbox {
		f()
	}
}

func (d *desk) post(f func()) { d.inbox <- f } // want `suggest for \(\*suggestexplainline.desk\).post: //confined:hop f`

func (d *desk) note(n string) { d.post(func() { d.notes += n }) }

func (d *desk) show() {
	go func() { println(d.label) }()
}
