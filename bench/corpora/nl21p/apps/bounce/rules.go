package bounce

import (
	"cmp"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Category is the outcome of classifying a bounce.
type Category int

// Bounce categories, roughly from most to least actionable.
const (
	Unknown Category = iota
	Hard
	Soft
	Quota
	Block
	AutoReply
)

var categoryNames = [...]string{"unknown", "hard", "soft", "quota", "block", "auto-reply"}

func (c Category) String() string {
	if int(c) < len(categoryNames) {
		return categoryNames[c]
	}
	return "category(" + strconv.Itoa(int(c)) + ")"
}

// Suppress reports whether recipients with this outcome should no longer
// be mailed.
func (c Category) Suppress() bool { return c == Hard || c == Block }

// Rule maps a status code prefix and/or diagnostic keywords to a category.
// A rule with both matches only when both do.
type Rule struct {
	Name     string
	Category Category
	Status   []string
	Keywords []string
	Priority int
}

// DefaultRules returns the built-in rule set.
func DefaultRules() []Rule {
	return []Rule{
		{Name: "mailbox-full", Category: Quota, Keywords: []string{"mailbox full", "over quota", "quota exceeded", "insufficient storage"}, Priority: 90},
		{Name: "quota-status", Category: Quota, Status: []string{"5.2.2", "4.2.2"}, Priority: 85},
		{Name: "spam-block", Category: Block, Keywords: []string{"spam", "blocklist", "blacklist", "listed at", "reputation"}, Priority: 80},
		{Name: "policy", Category: Block, Status: []string{"5.7."}, Priority: 70},
		{Name: "no-such-user", Category: Hard, Keywords: []string{"user unknown", "no such user", "does not exist", "unknown recipient", "mailbox unavailable"}, Priority: 60},
		{Name: "bad-mailbox", Category: Hard, Status: []string{"5.1.1", "5.1.0", "5.1.10"}, Priority: 55},
		{Name: "bad-domain", Category: Hard, Status: []string{"5.1.2", "5.4.4"}, Priority: 55},
		{Name: "greylisted", Category: Soft, Keywords: []string{"greylist", "try again later", "temporarily deferred"}, Priority: 40},
		{Name: "transient", Category: Soft, Status: []string{"4."}, Priority: 10},
		{Name: "permanent", Category: Hard, Status: []string{"5."}, Priority: 5},
	}
}

type compiledRule struct {
	Rule
	keywords []string
}

func (r *compiledRule) match(status, diag string) bool {
	if len(r.Status) > 0 && !slices.ContainsFunc(r.Status, func(p string) bool { return strings.HasPrefix(status, p) }) {
		return false
	}
	if len(r.keywords) > 0 && !slices.ContainsFunc(r.keywords, func(k string) bool { return strings.Contains(diag, k) }) {
		return false
	}
	return len(r.Status) > 0 || len(r.keywords) > 0
}

type ruleset struct {
	rules   []compiledRule
	version string
}

// Verdict is the classification of one bounce.
type Verdict struct {
	Recipient  string
	Domain     string
	Status     string
	Category   Category
	Rule       string
	Diagnostic string
}

// Classifier assigns categories to parsed bounces. Rules are compiled on
// first use.
type Classifier struct {
	defs []Rule
	once sync.Once
	set  *ruleset
}

// NewClassifier returns a classifier for rules, or DefaultRules when none
// are given.
func NewClassifier(rules ...Rule) *Classifier {
	if len(rules) == 0 {
		rules = DefaultRules()
	}
	return &Classifier{defs: slices.Clone(rules)}
}

// Preload compiles the rules in the background so the first Classify call
// does not pay for it.
func (c *Classifier) Preload() {
	go c.once.Do(c.compile)
}

// Ready reports whether the rules have been compiled.
func (c *Classifier) Ready() bool { return c.set != nil }

// Version identifies the compiled rule set.
func (c *Classifier) Version() string { return c.rules().version }

func (c *Classifier) rules() *ruleset {
	c.once.Do(c.compile)
	return c.set
}

func (c *Classifier) compile() {
	rules := make([]compiledRule, 0, len(c.defs))
	h := fnv.New64a()
	for _, d := range c.defs {
		cr := compiledRule{Rule: d}
		for _, k := range d.Keywords {
			cr.keywords = append(cr.keywords, strings.ToLower(k))
		}
		rules = append(rules, cr)
		h.Write([]byte(d.Name))
		h.Write([]byte(strings.Join(d.Status, ",")))
		h.Write([]byte(strings.Join(cr.keywords, ",")))
	}
	slices.SortStableFunc(rules, func(a, b compiledRule) int { return cmp.Compare(b.Priority, a.Priority) })
	c.set = &ruleset{rules: rules, version: strconv.FormatUint(h.Sum64(), 16)} // RACY
}

// Classify returns the verdict for m.
func (c *Classifier) Classify(m *Message) Verdict {
	v := Verdict{
		Recipient:  m.FinalRecipient,
		Domain:     Domain(m.FinalRecipient),
		Status:     m.Status,
		Diagnostic: m.Diagnostic,
	}
	if m.AutoReply && m.Status == "" {
		v.Category, v.Rule = AutoReply, "auto-reply"
		return v
	}
	diag := strings.ToLower(m.Diagnostic)
	rs := c.rules()
	for i := range rs.rules {
		r := &rs.rules[i]
		if r.match(m.Status, diag) {
			v.Category, v.Rule = r.Category, r.Name
			return v
		}
	}
	return v
}
