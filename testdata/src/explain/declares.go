package explain // want package:"declares: completes async time.NewTimer; async example.com/elsewhere.Every; hop time.Sleep}$"

// want +1 `explain: declaration completes async time.NewTimer \(here\) resolves to time.NewTimer, which is now confined:completes async`
//confined:declare completes async time.NewTimer

// want +1 `explain: declaration async example.com/elsewhere.Every \(here\) applies to nothing here: this package does not depend on its package`
//confined:declare async example.com/elsewhere.Every

// want +1 `hop on time.Sleep, which has no func-typed parameter` `explain: declaration hop time.Sleep \(here\) does not apply: //confined:declare hop on time.Sleep`
//confined:declare hop time.Sleep
