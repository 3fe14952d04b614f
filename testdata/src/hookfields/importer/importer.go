// Package importer has nothing confined: it takes the syntax path, and
// its summaries say which exported hooks its methods call.
package importer

// Importer reports progress through OnProgress, on whatever goroutine
// runs it.
type Importer struct {
	OnProgress func(done, total int)
	OnDone     func()
}

func (im *Importer) Run(n int) { // want Run:`summary\(calls field hookfields/importer\.Importer\.UF0\)`
	for i := range n {
		im.step(i, n)
	}
}

// step calls the hook for Run: Run calls it through its helper.
func (im *Importer) step(i, n int) {
	if im.OnProgress != nil {
		im.OnProgress(i+1, n)
	}
}

// Count calls no hook.
func (im *Importer) Count() int { return 0 }
