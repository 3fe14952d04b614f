// Package tracked has state of its own confined: it takes the SSA path,
// and its summaries say which exported hooks its methods call.
package tracked

//confined:owner
type ledger struct{ n int } // want ledger:`confined:owner`

// Job calls Each for every item.
type Job struct {
	Each func(item string)
	l    *ledger
}

func (j *Job) Do(items []string) { // want Do:`summary\(invokes arg0; reads the entries of arg1; calls field hookfields/tracked\.Job\.UF0\)`
	for _, it := range items {
		j.Each(it)
	}
}
