// Package suggestwatcher: a goroutine draining a channel its caller gave
// it, while a getter reads what it writes, is no owner's loop: nothing
// hands it work, and the code creating and calling the value owns it.
package suggestwatcher

type limits struct { // want `suggest for suggestwatcher\.limits: //confined:owner: code off the owner \(\(\*suggestwatcher\.limits\)\.follow\) touches its field max without a lock, and the code that creates and calls the value uses it too`
	changes <-chan int
	max     int
}

func watchLimits(ch <-chan int) *limits {
	l := &limits{changes: ch}
	go l.follow()
	return l
}

func (l *limits) follow() {
	for n := range l.changes {
		l.max = n
	}
}

func (l *limits) Max() int { return l.max }
