package zonelint

import (
	"net/netip"
	"strconv"
	"strings"
)

// Severity ranks findings.
type Severity int

const (
	Info Severity = iota
	Warning
	Error
)

func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return "severity(" + strconv.Itoa(int(s)) + ")"
}

// Finding is one problem reported by a rule.
type Finding struct {
	Rule     string
	Severity Severity
	Name     string
	Line     int
	Message  string
}

func (f Finding) String() string {
	return strconv.Itoa(f.Line) + ": " + f.Severity.String() + " [" + f.Rule + "] " + f.Name + ": " + f.Message
}

// Rule checks a single record in the context of its zone.
type Rule interface {
	ID() string
	Check(z *Zone, rec Record) []Finding
}

type ruleFunc struct {
	id string
	fn func(z *Zone, rec Record) []Finding
}

func (r ruleFunc) ID() string                          { return r.id }
func (r ruleFunc) Check(z *Zone, rec Record) []Finding { return r.fn(z, rec) }

// NewRule adapts a function to the Rule interface.
func NewRule(id string, fn func(z *Zone, rec Record) []Finding) Rule {
	return ruleFunc{id: id, fn: fn}
}

func finding(rule string, sev Severity, rec Record, msg string) Finding {
	return Finding{Rule: rule, Severity: sev, Name: rec.Name, Line: rec.Line, Message: msg}
}

// DefaultRules returns the standard rule set.
func DefaultRules() []Rule {
	return []Rule{
		TTLRule(300, 7*86400),
		NewRule("cname-exclusive", checkCNAME),
		NewRule("target-resolvable", checkTargets),
		NewRule("address-syntax", checkAddress),
		NewRule("label-length", checkLabels),
		NewRule("soa-timers", checkSOA),
	}
}

// TTLRule flags TTLs outside [min, max].
func TTLRule(min, max uint32) Rule {
	return NewRule("ttl-range", func(_ *Zone, rec Record) []Finding {
		switch {
		case rec.TTL < min:
			return []Finding{finding("ttl-range", Warning, rec,
				"TTL "+strconv.FormatUint(uint64(rec.TTL), 10)+" below "+strconv.FormatUint(uint64(min), 10))}
		case rec.TTL > max:
			return []Finding{finding("ttl-range", Info, rec,
				"TTL "+strconv.FormatUint(uint64(rec.TTL), 10)+" above "+strconv.FormatUint(uint64(max), 10))}
		}
		return nil
	})
}

func checkCNAME(z *Zone, rec Record) []Finding {
	if rec.Type != "CNAME" {
		return nil
	}
	if rec.Name == z.Origin {
		return []Finding{finding("cname-exclusive", Error, rec, "CNAME at zone apex")}
	}
	var out []Finding
	for _, other := range z.Lookup(rec.Name) {
		if other.Type != "CNAME" {
			out = append(out, finding("cname-exclusive", Error, rec,
				"CNAME coexists with "+other.Type+" on line "+strconv.Itoa(other.Line)))
		}
	}
	return out
}

func targetOf(rec Record) (string, bool) {
	switch rec.Type {
	case "NS", "CNAME":
		if len(rec.Data) > 0 {
			return rec.Data[0], true
		}
	case "MX":
		if len(rec.Data) > 1 {
			return rec.Data[1], true
		}
	case "SRV":
		if len(rec.Data) > 3 {
			return rec.Data[3], true
		}
	}
	return "", false
}

func checkTargets(z *Zone, rec Record) []Finding {
	target, ok := targetOf(rec)
	if !ok || !z.Contains(target) || rec.Type == "CNAME" {
		return nil
	}
	if z.Has(target, "CNAME") {
		return []Finding{finding("target-resolvable", Error, rec, rec.Type+" target "+target+" is an alias")}
	}
	if !z.Has(target, "A") && !z.Has(target, "AAAA") {
		return []Finding{finding("target-resolvable", Error, rec, rec.Type+" target "+target+" has no address")}
	}
	return nil
}

func checkAddress(_ *Zone, rec Record) []Finding {
	if rec.Type != "A" && rec.Type != "AAAA" {
		return nil
	}
	if len(rec.Data) != 1 {
		return []Finding{finding("address-syntax", Error, rec, "expected exactly one address")}
	}
	addr, err := netip.ParseAddr(rec.Data[0])
	switch {
	case err != nil:
		return []Finding{finding("address-syntax", Error, rec, "unparsable address "+rec.Data[0])}
	case rec.Type == "A" && !addr.Is4():
		return []Finding{finding("address-syntax", Error, rec, "A record holds "+addr.String())}
	case rec.Type == "AAAA" && !addr.Is6():
		return []Finding{finding("address-syntax", Error, rec, "AAAA record holds "+addr.String())}
	case addr.IsPrivate() || addr.IsLoopback():
		return []Finding{finding("address-syntax", Warning, rec, "non-public address "+addr.String())}
	}
	return nil
}

func checkLabels(_ *Zone, rec Record) []Finding {
	var out []Finding
	if len(rec.Name) > 254 {
		out = append(out, finding("label-length", Error, rec, "name longer than 253 octets"))
	}
	for _, label := range strings.Split(strings.TrimSuffix(rec.Name, "."), ".") {
		if len(label) > 63 {
			out = append(out, finding("label-length", Error, rec, "label "+label[:16]+"... longer than 63 octets"))
		}
		if label == "" {
			out = append(out, finding("label-length", Error, rec, "empty label"))
		}
	}
	return out
}

func checkSOA(z *Zone, rec Record) []Finding {
	if rec.Type != "SOA" {
		return nil
	}
	if rec.Name != z.Origin {
		return []Finding{finding("soa-timers", Error, rec, "SOA below the apex")}
	}
	if len(rec.Data) != 7 {
		return []Finding{finding("soa-timers", Error, rec, "SOA needs 7 fields, has "+strconv.Itoa(len(rec.Data)))}
	}
	var nums [5]uint64
	for i, f := range rec.Data[2:] {
		n, err := parseTTL(f)
		if err != nil {
			return []Finding{finding("soa-timers", Error, rec, "bad SOA field "+f)}
		}
		nums[i] = uint64(n)
	}
	serial, refresh, retry, expire, minimum := nums[0], nums[1], nums[2], nums[3], nums[4]
	var out []Finding
	if s := strconv.FormatUint(serial, 10); len(s) != 10 || s[:2] != "20" {
		out = append(out, finding("soa-timers", Info, rec, "serial "+s+" is not in YYYYMMDDnn form"))
	}
	if retry >= refresh {
		out = append(out, finding("soa-timers", Warning, rec, "retry is not shorter than refresh"))
	}
	if expire < refresh*7 {
		out = append(out, finding("soa-timers", Warning, rec, "expire should be at least 7x refresh"))
	}
	if minimum > 86400 {
		out = append(out, finding("soa-timers", Warning, rec, "negative caching TTL above one day"))
	}
	return out
}
