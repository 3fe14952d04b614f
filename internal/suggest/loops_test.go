package suggest

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDomainName(t *testing.T) {
	for name, want := range map[string]string{
		"Server":     "server",
		"sched":      "sched",
		"UDPv5":      "udpv5",
		"HTTPServer": "httpserver",
		"X":          "x",
		"run":        "run",
	} {
		assert.Equal(t, want, domainName(name), name)
	}
}
