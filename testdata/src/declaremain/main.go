// Command declaremain: nothing imports a command, so a declaration of a
// package it does not depend on applies to nothing.
package main

import "time"

// want +1 `//confined:declare hop example.com/ui.App.QueueUpdate applies to nothing: command declaremain does not depend on a package example.com/ui, and no package imports a command`
//confined:declare hop example.com/ui.(*App).QueueUpdate

// Look-alike: a package it does depend on.
//confined:declare async time.AfterFunc

func main() { time.Sleep(0) }
