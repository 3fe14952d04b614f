package sitemap

import (
	"bufio"
	"bytes"
	"strconv"
	"strings"
	"time"
)

// robotsRules is the subset of robots.txt the crawler honours.
type robotsRules struct {
	allow    []string
	disallow []string
	delay    time.Duration
}

// parseRobots extracts the group that applies to agent, falling back to *.
func parseRobots(body []byte, agent string) robotsRules {
	agent = strings.ToLower(agent)
	groups := map[string]*robotsRules{}
	var current []*robotsRules
	inAgents := false
	sc := bufio.NewScanner(bytes.NewReader(body))
	for sc.Scan() {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		key = strings.ToLower(strings.TrimSpace(key))
		val = strings.TrimSpace(val)
		switch key {
		case "user-agent":
			if !inAgents {
				current = current[:0]
			}
			inAgents = true
			name := strings.ToLower(val)
			g := groups[name]
			if g == nil {
				g = &robotsRules{}
				groups[name] = g
			}
			current = append(current, g)
			continue
		case "allow":
			for _, g := range current {
				if val != "" {
					g.allow = append(g.allow, val)
				}
			}
		case "disallow":
			for _, g := range current {
				if val != "" {
					g.disallow = append(g.disallow, val)
				}
			}
		case "crawl-delay":
			if secs, err := strconv.ParseFloat(val, 64); err == nil && secs >= 0 {
				for _, g := range current {
					g.delay = time.Duration(secs * float64(time.Second))
				}
			}
		}
		inAgents = false
	}
	for name, g := range groups {
		if name != "*" && strings.Contains(agent, name) {
			return *g
		}
	}
	if g := groups["*"]; g != nil {
		return *g
	}
	return robotsRules{}
}

// allows applies longest-match semantics; ties go to Allow.
func (r robotsRules) allows(p string) bool {
	best, allowed := -1, true
	for _, a := range r.allow {
		if strings.HasPrefix(p, a) && len(a) >= best {
			best, allowed = len(a), true
		}
	}
	for _, d := range r.disallow {
		if strings.HasPrefix(p, d) && len(d) > best {
			best, allowed = len(d), false
		}
	}
	return allowed
}
