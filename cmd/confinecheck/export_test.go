package main

// DriverFlags is driverFlags, for TestDriverFlagsAreKnown.
var DriverFlags = driverFlags
