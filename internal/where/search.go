package where

import (
	"go/types"
)

// noteInvoked records that by calls the interface method m off the owner;
// of several callers the first by name is kept, so that the SSA and the
// syntax path, which find them in different orders, say the same.
func NoteInvoked(invoked map[*types.Func]string, m *types.Func, by string) {
	if old, ok := invoked[m]; !ok || by < old {
		invoked[m] = by
	}
}
