// Package app declares the framework of package lib with //confined:declare
// lines, and checks that names resolve the way users write them, and that
// names that do not fit are reported.
package app
