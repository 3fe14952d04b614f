package server

import (
	"strings"
	"time"
)

// An element of a map or slice the function made is its own, whatever
// the key that picks it: a key parsed from the owner's input lends the
// element nothing.

//confined:owner
type rules struct { // want rules:"confined:owner"
	allow []string
}

//confined:owner
type crawler struct { // want crawler:"confined:owner"
	body   string //confined:any
	byName map[string]*rules
}

func parse(body string) map[string]*rules {
	groups := map[string]*rules{}
	for _, line := range strings.Split(body, "\n") {
		name, val, _ := strings.Cut(line, ":")
		g := groups[name]
		if g == nil {
			g = &rules{}
			groups[name] = g
		}
		g.allow = append(g.allow, val)
	}
	return groups
}

func parseInto(body string, n int) []*rules {
	all := make([]*rules, n)
	for i := range all {
		all[i] = &rules{}
	}
	k := len(body) % n
	all[k].allow = append(all[k].allow, body)
	return all
}

func (c *crawler) load() {
	time.AfterFunc(time.Second, func() {
		_ = parse(c.body)
		_ = parseInto(c.body, 3)
	})
}

// Look-alike: the element picked by a parsed key is in the owner's map.
func (c *crawler) loadShared() {
	time.AfterFunc(time.Second, func() {
		name, _, _ := strings.Cut(c.body, ":")
		c.byName[name].allow = nil // want `writes confined server.rules.allow off the owner`
	})
}
