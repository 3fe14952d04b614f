// Package event stands for Gio's gioui.org/io/event: what a window's
// Event method returns.
package event

type Event interface{ ImplementsEvent() }
