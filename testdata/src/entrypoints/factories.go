package entrypoints

import (
	"slices"
	"strings"
)

// A Line is a plain record the shelf keeps; a copy of one is new memory.
//
//confined:owner
type Line struct { // want Line:"confined:owner"
	Title string
	Done  bool
}

//confined:owner
type Shelf struct { // want Shelf:"confined:owner"
	lines []Line
	last  []Line
}

// A command made by a factory touches what the factory was given. When
// every caller hands it a copy made for it, the rows are the command's.
func (s *Shelf) ExportCopy() Cmd { // want ExportCopy:`summary\(arg0 reads entrypoints\.Shelf\.lines\)`
	return exportLines(slices.Clone(s.lines))
}

func (s *Shelf) ExportBuilt() Cmd { // want ExportBuilt:`summary\(arg0 reads entrypoints\.Shelf\.lines\)`
	rows := make([]Line, 0, len(s.lines))
	rows = append(rows, s.lines...)
	return exportLines(rows)
}

func exportLines(rows []Line) Cmd {
	return func() string {
		for i := range rows {
			rows[i].Title = strings.TrimSpace(rows[i].Title)
		}
		return ""
	}
}

// Look-alikes: a factory one caller hands the shelf's own rows; a copy the
// caller keeps too; an exported factory, which other packages may hand
// anything.
func (s *Shelf) ExportShared() Cmd { // want ExportShared:`summary\(arg0 reads entrypoints\.Shelf\.lines\)`
	return markLines(slices.Clone(s.lines))
}

func (s *Shelf) ExportLive() Cmd { // want ExportLive:`summary\(arg0 reads entrypoints\.Shelf\.lines; returns a func: arg0 writes entrypoints\.Line\.Done\)`
	return markLines(s.lines)
}

func markLines(rows []Line) Cmd {
	return func() string {
		for i := range rows {
			rows[i].Done = true // want `reads the entries of confined entrypoints.Shelf.lines off the owner: this code runs via a value of entrypoints.Cmd, marked //confined:offowner \(factories.go:\d+\); path entrypoints.markLines → the entries of entrypoints.Shelf.lines` `writes confined entrypoints.Line.Done off the owner`
		}
		return ""
	}
}

func (s *Shelf) ExportKept() Cmd { // want ExportKept:`summary\(arg0 writes entrypoints\.Shelf\.last; returns a func: arg0 writes entrypoints\.Line\.Done\)`
	s.last = slices.Clone(s.lines)
	return countLines(s.last)
}

func (s *Shelf) ExportKeptLocal() Cmd { // want ExportKeptLocal:`summary\(arg0 writes entrypoints\.Shelf\.last\)`
	rows := slices.Clone(s.lines)
	s.last = rows
	return countLines(rows)
}

func countLines(rows []Line) Cmd {
	return func() string {
		rows[0].Done = false // want `reads the entries of confined entrypoints.Shelf.last off the owner: this code runs via a value of entrypoints.Cmd, marked //confined:offowner \(factories.go:\d+\); path entrypoints.countLines → the entries of entrypoints.Shelf.last` `writes confined entrypoints.Line.Done off the owner`
		return ""
	}
}

func (s *Shelf) ExportAny() Cmd { // want ExportAny:`summary\(arg0 reads entrypoints\.Shelf\.lines\)`
	return ExportLines(slices.Clone(s.lines))
}

// ExportLines is for other packages too.
func ExportLines(rows []Line) Cmd { // want ExportLines:`summary\(off by a value of entrypoints\.Cmd, marked //confined:offowner: reads the entries of arg0; returns a func: arg0 writes entrypoints\.Line\.Title\)`
	return func() string {
		rows[0].Title = "" // want `writes confined entrypoints.Line.Title off the owner: this code runs via a value of entrypoints.Cmd, marked //confined:offowner`
		return ""
	}
}

// A factory handed on as a value may be called with anything.
func (s *Shelf) Exporters() func([]Line) Cmd { // want Exporters:`summary\(arg0 reads entrypoints\.Shelf\.lines\)`
	_ = trimLines(slices.Clone(s.lines))
	return trimLines
}

func trimLines(rows []Line) Cmd {
	return func() string {
		rows[0].Title = "x" // want `writes confined entrypoints.Line.Title off the owner: this code runs via a value of entrypoints.Cmd, marked //confined:offowner`
		return ""
	}
}
