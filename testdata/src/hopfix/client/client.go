// Package client waits on the network for its importers: its Count's
// BlocksFact tells their fixes to leave calls of it off the owner.
package client

import "net/http"

func Count(url string) int { // want Count:"may block"
	resp, err := http.Get(url)
	if err != nil {
		return 0
	}
	resp.Body.Close()
	return 1
}

// Indirect waits through Count.
func Indirect(url string) int { return Count(url) + 1 } // want Indirect:"may block"

// Apply calls what it is given, which may be anything: that does not make
// it block for its importers, whose funcs they are.
func Apply(f func() int) int { return f() }

// Len waits on nothing.
func Len(s string) int { return len(s) }
