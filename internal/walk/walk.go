package walk

import (
	"github.com/confinecheck/confinecheck/internal/names"
)

// hopSinkFor is how a hop by sink to domain is named as a root of findings.
func hopSinkFor(sink, domain string) string {
	return "code that " + sink + " runs on " + names.DomainName(domain)
}
