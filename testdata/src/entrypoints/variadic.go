package entrypoints

// RunAll runs every func it is handed on a goroutine of its own; a
// variadic func parameter can be named, and each argument counts.
//
//confined:async fs
func RunAll(fs ...func()) { // want RunAll:"confined:async\\[0\\]" RunAll:"summary\\(async arg0; reads the entries of arg0\\)"
	for _, f := range fs {
		go f()
	}
}

func useRunAll(b *Book) {
	RunAll(
		func() {},
		func() {
			b.total++ // want `writes confined entrypoints.Book.total off the owner: this code runs via entrypoints.RunAll`
		},
	)
}

// goAll is the same, inferred.
func goAll(fs ...func()) {
	for _, f := range fs {
		go f()
	}
}

func useGoAll(b *Book) {
	goAll(func() {
		b.hits["x"]++ // want `writes confined entrypoints.Book.hits off the owner: this code runs via entrypoints.goAll`
	})
}

// WaitAll runs them on goroutines but waits for them: their touches are
// the caller's.
//
//confined:sync fs
func WaitAll(fs ...func()) { // want WaitAll:"confined:sync\\[0\\]" WaitAll:"summary\\(async arg0; reads the entries of arg0\\)"
	done := make(chan bool)
	for _, f := range fs {
		go func() { f(); done <- true }()
	}
	for range fs {
		<-done
	}
}

func useWaitAll(b *Book) {
	WaitAll(func() { b.total++ }, func() { b.hits["y"]++ })
}
