// Package node stands in for ergo's node package: Spawn runs a
// process's loop on a goroutine of its own.
package node

import "github.com/ergo-services/ergo/gen"

func Spawn(name string, behavior gen.ProcessBehavior) error {
	go behavior.ProcessLoop(make(chan any))
	return nil
}
