package domains

// Directives that name domains wrongly are findings, with what to write.

// want +3 `//confined:owner names @audit, but twoOwners already runs on or belongs to @coord; one owner: keep the one that is true`
//
//confined:owner @coord
//confined:owner @audit
type twoOwners struct{} // want twoOwners:"confined:owner@coord"

// want +2 `//confined:any takes no @DOMAIN \(@coord\): only owner, loop and hop name an owner`
//
//confined:any @coord
func anyWithDomain() {}

// want +3 `//confined:owner names @coord, but loopAndOwner already runs on or belongs to @audit`
//
//confined:loop @audit
//confined:owner @coord
func loopAndOwner() {} // want loopAndOwner:`confined:loop@audit`

// want +2 `//confined:hop names its domain first: write //confined:hop @coord f`
//
//confined:hop f @coord
func hopLate(f func()) {}

// want +2 `//confined:owner names the domain "@", which is not a name; write @NAME, as in @raft`
//
//confined:owner @
type noName struct{}

// want +2 `//confined:async takes no @DOMAIN \(@coord\)`
//
//confined:async @coord
func asyncWithDomain(f func()) {}

// want +1 `//confined:declare owner names the domain "@9lives", which is not a name`
//confined:declare owner @9lives domains/store.Store
