package plantcare

import "fmt"

type alertTray struct {
	unread int
}

func (t *alertTray) add() {
	t.unread++ // RACY
}

func (t *alertTray) clear() {
	t.unread = 0
}

func (t *alertTray) text() string {
	switch t.unread {
	case 0:
		return ""
	case 1:
		return "1 plant needs water"
	}
	return fmt.Sprintf("%d plants need water", t.unread)
}
