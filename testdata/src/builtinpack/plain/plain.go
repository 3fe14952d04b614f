// Package plain has no framework in view: no pack applies, and -explain
// says none.
package plain

import "time"

func Later(f func()) { time.AfterFunc(time.Second, f) } // want `explain: plain.Later is an inferred async sink of f` Later:`summary\(async arg0\)`
