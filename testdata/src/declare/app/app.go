package app // want package:`declares: hop declare/lib.Context.ReenterAfter:continuation; owner declare/lib.Context; .*; hop declare/lib.Every:f; hop declare/app.later; async declare/lib.Conn.Write.Extra}$`

import "declare/lib"

// Names through the types users hold: ReenterAfter and Self are promoted
// into Context from unexported interfaces; Post into Server from Mailbox;
// Box is generic.

//confined:declare hop declare/lib.Context.ReenterAfter:continuation
//confined:declare owner declare/lib.Context
//confined:declare any declare/lib.Context.Self
//confined:declare async declare/lib.Every
//confined:declare completes async declare/lib.Sleep
//confined:declare owner declare/lib.Conn
//confined:declare async declare/lib.Box.Do
//confined:declare hop declare/lib.(*Server).Post

// A package not in view: nothing to check it against, or to apply it to.

//confined:declare async example.com/elsewhere.Every

// Names that do not resolve, and verbs that do not fit.

// want +1 `//confined:declare hop declare/lib.Context.ReenterAftr: lib.Context has no method or field ReenterAftr; did you mean lib.Context.ReenterAfter\?`
//confined:declare hop declare/lib.Context.ReenterAftr

// want +1 `//confined:declare async declare/lb.Every: no package declare/lb is among the packages app depends on; did you mean declare/lib\?`
//confined:declare async declare/lb.Every

// want +1 `declare/lib declares no type NoSuch`
//confined:declare hop declare/lib.NoSuch.M

// want +1 `declare/lib declares no function or type Evrey; did you mean lib.Every\?`
//confined:declare async declare/lib.Evrey

// want +1 `//confined:declare hop on lib.Tick, which has no func-typed parameter to run`
//confined:declare hop declare/lib.Tick

// want +1 `//confined:declare completes on lib.Count, which returns int; it belongs on a function returning a future or promise`
//confined:declare completes async declare/lib.Count

// want +1 `//confined:declare hop names "cont", which is not a parameter of lib.Context.ReenterAfter; did you mean continuation\?`
//confined:declare hop declare/lib.Context.ReenterAfter:cont

// want +1 `unknown verb "hopp" in a declaration; known verbs are .*; did you mean hop\?`
//confined:declare hopp declare/lib.Every

// want +1 `//confined:declare any on \(\*lib.Root\).Self, which is not a method of a confined type`
//confined:declare any declare/lib.Root.Self

// want +1 `parameter f of lib.Every is both //confined:async and //confined:hop`
//confined:declare hop declare/lib.Every:f

// A declaration contradicting a directive is reported as two directives
// contradicting each other are.

// want +1 `parameter f of app.later is both //confined:async and //confined:hop`
//confined:declare hop declare/app.later

// later runs f on a timer.
//
//confined:async
func later(f func()) { lib.Every(1, f) }

//confined:owner
type state struct{ n int } // want state:"confined:owner"

// Calls through the confined Context run on the actor only; Self is :any.
func receive(ctx lib.Context, s *state) {
	lib.Every(1, func() {
		_ = ctx.Self()
		ctx.Send(nil, "tick") // want `calls confined \(lib.Context\).Send off the owner`
	})
	// The continuation runs on the actor again.
	ctx.ReenterAfter(lib.Sleep(1), func(any, error) { s.n++ })
}

// A declaration on an interface method covers its implementations in view.
func implementation(root *lib.Root, s *state) {
	go func() {
		root.ReenterAfter(nil, func(any, error) { s.n++ })
	}()
}

// Look-alike: a method of the same name that implements no Context runs
// its func where it is called, here off the owner.
func lookalike(l lib.Lookalike, s *state) {
	go func() {
		l.ReenterAfter(nil, func() {
			s.n++ // want `writes confined app.state.n off the owner`
		})
	}()
}

// A method promoted through embedding: Post hops back.
func promoted(srv *lib.Server, s *state) {
	go func() {
		srv.Post(func() { s.n++ })
	}()
}

// A generic type by its name without type arguments.
func generic(b *lib.Box[int], s *state) {
	b.Do(func() {
		s.n++ // want `writes confined app.state.n off the owner: this code runs via \(\*lib.Box\[T\]\).Do .*; fix: hop back to the owner through \(\*lib.Server\).Post and touch the state there$`
	})
}

// A third-party type confined by a declaration: its methods are touches,
// though its own package, which cannot see the declaration, summarized
// them as touching nothing.
func connection(c *lib.Conn) {
	go func() {
		c.Write() // want `calls confined \(\*lib.Conn\).Write off the owner`
	}()
}

// Declarations that do not read.

// want +1 `//confined:declare needs a verb and a name`
//confined:declare hop

// want +1 `//confined:declare owner takes no :PARAM list, got "f"`
//confined:declare owner declare/lib.Conn:f

// want +1 `//confined:declare hop takes a name only, got "now" before it; func parameters follow the name`
//confined:declare hop now declare/lib.Every

// want +1 `//confined:completes takes exactly one of "async" or "owner"`
//confined:declare completes later declare/lib.Sleep

// want +1 `cannot read function name "Every"`
//confined:declare async Every

// want +1 `a name is path.Func, path.Type or path.Type.Member, not 3 parts after the package`
//confined:declare async declare/lib.Conn.Write.Extra
