package entrypoints

// want +2 `//confined:offowner takes no arguments, got "now"`
//
//confined:offowner now
func tooMany() {}

// want +2 `//confined:offowner on plain, which is neither an interface nor a func type`
//
//confined:offowner
type plain struct{}

// want +3 `//confined:offowner contradicts what bothWays already says`
//
//confined:owner
//confined:offowner
func bothWays() {}

func misplacedLoop(q *Queue) {
	// want +1 `misplaced //confined:loop: it must be in the doc comment of a func or method, or on the line above a go statement whose function is a literal`
	//confined:loop
	go q.start()
}
