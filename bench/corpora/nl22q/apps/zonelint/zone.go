// Package zonelint parses DNS master files and checks them for common
// operational mistakes.
package zonelint

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"strings"
)

// Record is a single resource record from a zone file.
type Record struct {
	Name  string
	TTL   uint32
	Class string
	Type  string
	Data  []string
	Line  int
}

// String renders the record in master file presentation format.
func (r Record) String() string {
	var b strings.Builder
	b.WriteString(r.Name)
	b.WriteByte(' ')
	b.WriteString(strconv.FormatUint(uint64(r.TTL), 10))
	b.WriteByte(' ')
	b.WriteString(r.Class)
	b.WriteByte(' ')
	b.WriteString(r.Type)
	for _, d := range r.Data {
		b.WriteByte(' ')
		b.WriteString(d)
	}
	return b.String()
}

// Zone is a parsed zone with a name index.
type Zone struct {
	Origin  string
	Records []Record
	byName  map[string][]int
}

// ParseError describes a syntax problem at a given line.
type ParseError struct {
	Line int
	Msg  string
}

func (e *ParseError) Error() string {
	return "line " + strconv.Itoa(e.Line) + ": " + e.Msg
}

var knownTypes = map[string]bool{
	"SOA": true, "NS": true, "A": true, "AAAA": true, "CNAME": true,
	"MX": true, "TXT": true, "SRV": true, "PTR": true, "CAA": true, "DS": true,
}

// Parse reads a master file. Relative names are completed with origin,
// which must be fully qualified.
func Parse(r io.Reader, origin string) (*Zone, error) {
	origin = Canonical(origin)
	if origin == "." {
		return nil, errors.New("zonelint: origin must not be the root")
	}
	z := &Zone{Origin: origin}
	p := parser{origin: origin, ttl: 3600}
	sc := bufio.NewScanner(r)
	lineNo := 0
	for sc.Scan() {
		lineNo++
		rec, ok, err := p.feed(sc.Text(), lineNo)
		if err != nil {
			return nil, err
		}
		if ok {
			z.Records = append(z.Records, rec)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if p.depth > 0 {
		return nil, &ParseError{Line: p.start, Msg: "unbalanced parentheses"}
	}
	z.index()
	return z, nil
}

type parser struct {
	origin  string
	ttl     uint32
	last    string
	pending []string
	depth   int
	start   int
}

// feed consumes one physical line and returns a record once a logical
// line is complete.
func (p *parser) feed(line string, n int) (Record, bool, error) {
	if i := strings.IndexByte(line, ';'); i >= 0 {
		line = line[:i]
	}
	if p.depth == 0 {
		p.start = n
		p.pending = p.pending[:0]
		if strings.TrimSpace(line) == "" {
			return Record{}, false, nil
		}
		if line[0] == ' ' || line[0] == '\t' {
			p.pending = append(p.pending, "")
		}
	}
	for _, f := range strings.Fields(line) {
		for f != "" {
			switch {
			case f[0] == '(':
				p.depth++
				f = f[1:]
			case f[len(f)-1] == ')':
				p.depth--
				f = f[:len(f)-1]
			default:
				p.pending = append(p.pending, f)
				f = ""
			}
		}
	}
	if p.depth < 0 {
		return Record{}, false, &ParseError{Line: n, Msg: "unexpected ')'"}
	}
	if p.depth > 0 {
		return Record{}, false, nil
	}
	return p.logical(p.pending, p.start)
}

func (p *parser) logical(fields []string, n int) (Record, bool, error) {
	if len(fields) == 0 {
		return Record{}, false, nil
	}
	switch strings.ToUpper(fields[0]) {
	case "$ORIGIN":
		if len(fields) != 2 {
			return Record{}, false, &ParseError{Line: n, Msg: "$ORIGIN needs one argument"}
		}
		p.origin = p.complete(fields[1])
		return Record{}, false, nil
	case "$TTL":
		if len(fields) != 2 {
			return Record{}, false, &ParseError{Line: n, Msg: "$TTL needs one argument"}
		}
		ttl, err := parseTTL(fields[1])
		if err != nil {
			return Record{}, false, &ParseError{Line: n, Msg: err.Error()}
		}
		p.ttl = ttl
		return Record{}, false, nil
	}
	rec := Record{TTL: p.ttl, Class: "IN", Line: n}
	if fields[0] == "" {
		if p.last == "" {
			return Record{}, false, &ParseError{Line: n, Msg: "record without owner"}
		}
		rec.Name = p.last
	} else {
		rec.Name = p.complete(fields[0])
	}
	p.last = rec.Name
	rest := fields[1:]
	for len(rest) > 0 {
		tok := strings.ToUpper(rest[0])
		if tok == "IN" || tok == "CH" || tok == "HS" {
			rec.Class = tok
			rest = rest[1:]
			continue
		}
		if ttl, err := parseTTL(rest[0]); err == nil {
			rec.TTL = ttl
			rest = rest[1:]
			continue
		}
		break
	}
	if len(rest) == 0 {
		return Record{}, false, &ParseError{Line: n, Msg: "missing record type"}
	}
	rec.Type = strings.ToUpper(rest[0])
	if !knownTypes[rec.Type] {
		return Record{}, false, &ParseError{Line: n, Msg: "unknown record type " + rest[0]}
	}
	rec.Data = append([]string(nil), rest[1:]...)
	for i, d := range rec.Data {
		if nameTarget(rec.Type, i) {
			rec.Data[i] = p.complete(d)
		}
	}
	return rec, true, nil
}

func (p *parser) complete(name string) string {
	if name == "@" {
		return p.origin
	}
	if strings.HasSuffix(name, ".") {
		return Canonical(name)
	}
	return Canonical(name + "." + p.origin)
}

// nameTarget reports whether the i-th rdata field of typ is a domain name.
func nameTarget(typ string, i int) bool {
	switch typ {
	case "NS", "CNAME", "PTR":
		return i == 0
	case "MX":
		return i == 1
	case "SRV":
		return i == 3
	case "SOA":
		return i < 2
	}
	return false
}

func parseTTL(s string) (uint32, error) {
	if s == "" {
		return 0, errors.New("empty TTL")
	}
	var total uint64
	num := uint64(0)
	digits := false
	for _, c := range strings.ToLower(s) {
		if c >= '0' && c <= '9' {
			num = num*10 + uint64(c-'0')
			digits = true
			continue
		}
		if !digits {
			return 0, errors.New("bad TTL " + s)
		}
		mult := ttlUnit(c)
		if mult == 0 {
			return 0, errors.New("bad TTL unit in " + s)
		}
		total += num * mult
		num, digits = 0, false
	}
	total += num
	if total > 1<<31-1 {
		return 0, errors.New("TTL out of range " + s)
	}
	return uint32(total), nil
}

func ttlUnit(c rune) uint64 {
	switch c {
	case 's':
		return 1
	case 'm':
		return 60
	case 'h':
		return 3600
	case 'd':
		return 86400
	case 'w':
		return 604800
	}
	return 0
}

// Canonical lowercases a name and makes sure it ends with a dot.
func Canonical(name string) string {
	name = strings.ToLower(strings.TrimSpace(name))
	if !strings.HasSuffix(name, ".") {
		name += "."
	}
	return name
}

func (z *Zone) index() {
	z.byName = make(map[string][]int, len(z.Records))
	for i, r := range z.Records {
		z.byName[r.Name] = append(z.byName[r.Name], i)
	}
}

// Lookup returns every record owned by name.
func (z *Zone) Lookup(name string) []Record {
	idx := z.byName[Canonical(name)]
	out := make([]Record, 0, len(idx))
	for _, i := range idx {
		out = append(out, z.Records[i])
	}
	return out
}

// Has reports whether name owns at least one record of type typ.
func (z *Zone) Has(name, typ string) bool {
	for _, i := range z.byName[Canonical(name)] {
		if z.Records[i].Type == typ {
			return true
		}
	}
	return false
}

// Contains reports whether name is at or below the zone origin.
func (z *Zone) Contains(name string) bool {
	name = Canonical(name)
	return name == z.Origin || strings.HasSuffix(name, "."+z.Origin)
}

// SOA returns the zone's start of authority record.
func (z *Zone) SOA() (Record, bool) {
	for _, i := range z.byName[z.Origin] {
		if z.Records[i].Type == "SOA" {
			return z.Records[i], true
		}
	}
	return Record{}, false
}

// Delegations returns the distinct names below the apex that carry NS
// records, in file order.
func (z *Zone) Delegations() []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range z.Records {
		if r.Type == "NS" && r.Name != z.Origin && !seen[r.Name] {
			seen[r.Name] = true
			out = append(out, r.Name)
		}
	}
	return out
}

// NameServers returns the NS targets of owner.
func (z *Zone) NameServers(owner string) []string {
	var out []string
	for _, r := range z.Lookup(owner) {
		if r.Type == "NS" && len(r.Data) > 0 {
			out = append(out, r.Data[0])
		}
	}
	return out
}
