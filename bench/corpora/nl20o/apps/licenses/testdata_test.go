package licenses

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"
)

const goMod = `module example.com/shop

go 1.22

require github.com/acme/log v1.4.0

require (
	github.com/acme/http v0.9.1
	github.com/gnu/readline v8.1.0 // indirect
	golang.org/x/text v0.14.0
	github.com/mystery/blob v0.0.1 // indirect
	github.com/vendor/sdk v2.0.0+incompatible
)
`

const policyText = `# engineering default
name default-2024
allow MIT Apache-2.0 BSD-3-Clause ISC
deny GPL-3.0-only AGPL-3.0-only
except github.com/vendor/sdk signed commercial agreement
`

var registryData = MapRegistry{
	"github.com/acme/log":      "MIT",
	"github.com/acme/http":     "Apache-2.0 OR GPL-3.0-only",
	"github.com/gnu/readline":  "GPLv3",
	"golang.org/x/text":        "BSD-3-Clause",
	"github.com/vendor/sdk":    "LicenseRef-Proprietary",
	"github.com/acme/log@v0.1": "GPL-2.0",
}

const (
	mitText = `MIT License

Copyright (c) 2021 Acme

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software. The above copyright notice and this permission notice shall be included
in all copies or substantial portions of the Software.`

	apacheText = `Apache License
Version 2.0, January 2004
Licensed under the Apache License, Version 2.0. See the License for the
specific language governing permissions and limitations under the License.`

	bsdText = `Redistribution and use in source and binary forms, with or without
modification, are permitted provided that this list of conditions is kept.
Neither the name of the copyright holder nor the names of its contributors may be used.`

	gplText = `GNU GENERAL PUBLIC LICENSE
Version 3, 29 June 2007`
)

func vendorFS() fstest.MapFS {
	return fstest.MapFS{
		"vendor/github.com/acme/log/LICENSE":       {Data: []byte(mitText)},
		"vendor/github.com/acme/log/log.go":        {Data: []byte("package log")},
		"vendor/github.com/acme/http/LICENSE.txt":  {Data: []byte(apacheText)},
		"vendor/golang.org/x/text/LICENSE":         {Data: []byte(bsdText)},
		"vendor/github.com/gnu/readline/COPYING":   {Data: []byte(gplText)},
		"vendor/github.com/mystery/blob/README.md": {Data: []byte("no license here")},
	}
}

var vendoredModules = []string{
	"vendor/github.com/acme/log",
	"vendor/github.com/acme/http",
	"vendor/golang.org/x/text",
	"vendor/github.com/gnu/readline",
	"vendor/github.com/mystery/blob",
}

func mustParseModules(t *testing.T) []Dependency {
	t.Helper()
	deps, err := ParseModules(strings.NewReader(goMod))
	if err != nil {
		t.Fatal(err)
	}
	return deps
}

func mustParsePolicy(t *testing.T) Policy {
	t.Helper()
	p, err := ParsePolicy(strings.NewReader(policyText))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// flakyRegistry fails the first lookup of every module with a transient
// error before answering from next.
type flakyRegistry struct {
	next Registry
	mu   sync.Mutex
	seen map[string]bool
}

func (f *flakyRegistry) License(ctx context.Context, dep Dependency) (string, error) {
	f.mu.Lock()
	first := !f.seen[dep.Path]
	if f.seen == nil {
		f.seen = make(map[string]bool)
	}
	f.seen[dep.Path] = true
	f.mu.Unlock()
	if first {
		return "", errors.New("registry: 503 service unavailable")
	}
	return f.next.License(ctx, dep)
}

// slowRegistry answers from next after a fixed delay, like a registry
// behind an HTTP API.
type slowRegistry struct {
	next  Registry
	delay time.Duration
}

func (s slowRegistry) License(ctx context.Context, dep Dependency) (string, error) {
	select {
	case <-time.After(s.delay):
	case <-ctx.Done():
		return "", ctx.Err()
	}
	return s.next.License(ctx, dep)
}
