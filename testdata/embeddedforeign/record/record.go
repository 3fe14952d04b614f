// Package record is a CI server's build record, a plain value its own
// package keeps and copies as it likes.
package record

type Info struct {
	ID       string
	Status   string
	Progress int
}
