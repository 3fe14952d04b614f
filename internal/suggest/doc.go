// Package suggest is -suggest: instead of findings, it proposes the
// directives the shape of unannotated code suggests, each as a diagnostic
// with its evidence and a fix that inserts it. It reads the engine through
// its read-only API and changes it in one place only, Model.Adopt, which
// makes a proposal count as written.
package suggest
