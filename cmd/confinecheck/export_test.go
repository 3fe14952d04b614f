package main

// DriverFlags is driverFlags, for TestDriverFlagsAreKnown.
var DriverFlags = driverFlags

// Agreeing is agreeing, for TestSuggestAgreeing.
var Agreeing = agreeing
