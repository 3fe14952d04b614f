package touches

import "slices"

// A goroutine started on a func the caller configured (go p.export(p.names),
// export set from a constructor's parameter) runs the funcs the package
// passes there: a factory's closure reading the list's entries reads the
// owner's slice, which the owner keeps appending to. Look-alikes: a copy
// handed over, and a func field only the owner calls in place.
type exporter func(names []string)

//confined:owner
type picker struct { // want picker:"confined:owner"
	names  []string
	export exporter
	show   exporter
}

func newPicker(e, show exporter) *picker { return &picker{export: e, show: show} }

// newDefaultPicker hands its own parameter on: the funcs come from its
// callers, one constructor further.
func newDefaultPicker(e exporter) *picker { return newPicker(e, printNames) }

// newPickerOn builds it inside a func another runs, capturing e.
func newPickerOn(run func(func()), e exporter) (p *picker) {
	run(func() { p = newPicker(e, printNames) })
	return p
}

func (p *picker) add(n string) {
	p.names = append(p.names, n)
	p.names[0] = n
}

func (p *picker) exportAll()  { go p.export(p.names) }
func (p *picker) exportCopy() { go p.export(slices.Clone(p.names)) }
func (p *picker) showAll()    { p.show(p.names) }

// joinNames is a typical sink a caller configures.
func joinNames(out chan<- string) exporter {
	return func(names []string) {
		s := ""
		for i := range names {
			s += names[i] // want `reads the entries of confined touches.picker.names off the owner: this code runs via a go statement \(configured.go:\d+\); path func literal in touches.joinNames → the entries of touches.picker.names;`
		}
		out <- s
	}
}

func sumNames(names []string) {
	n := 0
	for _, name := range names { // want `reads the entries of confined touches.picker.names off the owner: this code runs via a go statement \(configured.go:\d+\); path touches.sumNames → the entries of touches.picker.names;`
		n += len(name)
	}
	println(n)
}

func countNames(names []string) {
	n := 0
	for _, name := range names { // want `reads the entries of confined touches.picker.names off the owner: this code runs via a go statement \(configured.go:\d+\); path touches.countNames → the entries of touches.picker.names;`
		n += len(name)
	}
	println(n)
}

func printNames(names []string) {
	for _, n := range names {
		println(n)
	}
}

func configure(out chan<- string) {
	p := newPicker(joinNames(out), printNames)
	p.add("a")
	p.exportAll()
	p.exportCopy()
	p.showAll()
	q := newDefaultPicker(countNames)
	q.exportAll()
	r := newPickerOn(func(f func()) { f() }, sumNames)
	r.exportAll()
}
