package licenses

import (
	"fmt"
	"strings"
)

var aliases = map[string]string{
	"mit":              "MIT",
	"apache 2.0":       "Apache-2.0",
	"apache-2":         "Apache-2.0",
	"apache2":          "Apache-2.0",
	"apache-2.0":       "Apache-2.0",
	"bsd-2-clause":     "BSD-2-Clause",
	"bsd-3-clause":     "BSD-3-Clause",
	"bsd 3-clause":     "BSD-3-Clause",
	"new bsd":          "BSD-3-Clause",
	"isc":              "ISC",
	"mpl-2.0":          "MPL-2.0",
	"mpl 2.0":          "MPL-2.0",
	"gpl-2.0":          "GPL-2.0-only",
	"gpl-2.0-only":     "GPL-2.0-only",
	"gpl-3.0":          "GPL-3.0-only",
	"gplv3":            "GPL-3.0-only",
	"gpl-3.0-only":     "GPL-3.0-only",
	"gpl-3.0-or-later": "GPL-3.0-or-later",
	"agpl-3.0":         "AGPL-3.0-only",
	"agpl-3.0-only":    "AGPL-3.0-only",
	"lgpl-2.1":         "LGPL-2.1-only",
	"lgpl-2.1-only":    "LGPL-2.1-only",
	"unlicense":        "Unlicense",
}

// Normalize maps common spellings of a license name to its SPDX
// identifier. Unknown names are returned trimmed but otherwise unchanged.
func Normalize(name string) string {
	name = strings.TrimSpace(name)
	if id, ok := aliases[strings.ToLower(name)]; ok {
		return id
	}
	return name
}

// ParseExpression splits an SPDX license expression into its alternatives.
// Each alternative is a list of licenses that all apply. "MIT OR
// (Apache-2.0 AND BSD-3-Clause)" yields [[MIT] [Apache-2.0 BSD-3-Clause]].
// Nested parentheses are not supported.
func ParseExpression(expr string) ([][]string, error) {
	expr = strings.TrimSpace(expr)
	if expr == "" {
		return nil, fmt.Errorf("licenses: empty license expression")
	}
	var alts [][]string
	for _, alt := range splitOperator(expr, "OR") {
		alt = strings.TrimSpace(alt)
		if strings.HasPrefix(alt, "(") && strings.HasSuffix(alt, ")") {
			alt = alt[1 : len(alt)-1]
		}
		if strings.ContainsAny(alt, "()") {
			return nil, fmt.Errorf("licenses: unsupported expression %q", expr)
		}
		var all []string
		for _, term := range splitOperator(alt, "AND") {
			term = strings.TrimSpace(term)
			if term == "" || term == "AND" || term == "OR" || strings.HasSuffix(term, " AND") || strings.HasPrefix(term, "AND ") {
				return nil, fmt.Errorf("licenses: missing operand in %q", expr)
			}
			all = append(all, Normalize(term))
		}
		alts = append(alts, all)
	}
	return alts, nil
}

// splitOperator splits s around the whole word op, ignoring occurrences
// inside parentheses.
func splitOperator(s, op string) []string {
	var (
		parts []string
		depth int
		start int
	)
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ' ':
			if depth == 0 && strings.HasPrefix(s[i+1:], op+" ") {
				parts = append(parts, s[start:i])
				start = i + len(op) + 2
				i = start - 1
			}
		}
	}
	return append(parts, s[start:])
}

type signature struct {
	id      string
	phrases []string
}

// Ordered from most to least specific: the first full match wins.
var signatures = []signature{
	{"AGPL-3.0-only", []string{"gnu affero general public license", "version 3"}},
	{"LGPL-2.1-only", []string{"gnu lesser general public license", "version 2.1"}},
	{"GPL-3.0-only", []string{"gnu general public license", "version 3"}},
	{"GPL-2.0-only", []string{"gnu general public license", "version 2"}},
	{"Apache-2.0", []string{"apache license", "version 2.0", "limitations under the license"}},
	{"MPL-2.0", []string{"mozilla public license", "2.0"}},
	{"BSD-3-Clause", []string{"redistribution and use in source and binary forms", "neither the name of"}},
	{"BSD-2-Clause", []string{"redistribution and use in source and binary forms", "this list of conditions"}},
	{"MIT", []string{"permission is hereby granted, free of charge", "the above copyright notice and this permission notice shall be included"}},
	{"ISC", []string{"permission to use, copy, modify, and/or distribute this software for any purpose"}},
	{"Unlicense", []string{"this is free and unencumbered software released into the public domain"}},
}

// Detect guesses the SPDX identifier of a license text. The confidence is
// the fraction of the signature phrases found; an empty id means nothing
// matched.
func Detect(text string) (id string, confidence float64) {
	norm := strings.Join(strings.Fields(strings.ToLower(text)), " ")
	for _, sig := range signatures {
		found := 0
		for _, p := range sig.phrases {
			if strings.Contains(norm, p) {
				found++
			}
		}
		score := float64(found) / float64(len(sig.phrases))
		if score == 1 {
			return sig.id, 1
		}
		if score > confidence {
			id, confidence = sig.id, score
		}
	}
	if confidence < 0.5 {
		return "", confidence
	}
	return id, confidence
}
