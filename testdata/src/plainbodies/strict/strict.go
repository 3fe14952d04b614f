// Package strict: under -strict an interface call reaches every
// implementation, the error interface's too, so a helper calling Error is
// walked, for a confined type may implement it.
package strict

import (
	"strconv"
	"time"
)

//confined:owner
type failure struct{ attempts int } // want failure:"confined:owner"

func (f *failure) Error() string { return strconv.Itoa(f.attempts) } // want Error:`summary\(arg0 reads strict.failure.attempts\)` `calls confined \(\*strict.failure\).Error off the owner`

func describe(err error) string { return err.Error() }

func report(f *failure) {
	time.AfterFunc(time.Second, func() { _ = describe(f) })
}
