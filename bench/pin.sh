#!/usr/bin/env bash
# Pins the benchmark targets: for each NAME MODULE VERSION below, writes
# targets/NAME/go.mod and go.sum (the module with the test dependencies of all
# its packages, as `go get -t` resolves them) and targets/NAME/packages.txt
# (the module's own packages, one import path a line). The committed results
# are what bench.sh and sweep.sh use; run this only to move a target to
# another version. Needs the Go module proxy.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

targets=(
	"raft github.com/hashicorp/raft v1.8.0"
	"grpc google.golang.org/grpc v1.85.0"
	"etcd go.etcd.io/etcd/server/v3 v3.7.3"
)

for t in "${targets[@]}"; do
	read -r name mod version <<<"$t"
	echo "== $name: $mod@$version"
	dir=targets/$name
	mkdir -p "$dir"
	rm -f "$dir/go.sum"
	printf 'module confinecheck.bench/targets/%s\n\ngo 1.26.0\n' "$name" >"$dir/go.mod"
	(
		cd "$dir"
		go get "$mod@$version"
		# The module's own packages. Nested modules (grpc/examples, ...) share
		# the path prefix, so filter on the module, and list with -e: the
		# pattern also walks nested modules that go.sum does not cover.
		go list -e -f "{{if and .Module (eq .Module.Path \"$mod\") (not .Error)}}{{.ImportPath}}{{end}}" "$mod/..." 2>/dev/null |
			sed '/^$/d' | sort >packages.txt
		# Their test dependencies too, so that -test and go vet load them.
		xargs go get -t <packages.txt
		# Require every module that provides one of those packages at the
		# version selected, so that the sweep can name any of them as a root.
		xargs go list -deps -test -f '{{with .Module}}{{if not .Main}}{{.Path}}@{{.Version}}{{end}}{{end}}' <packages.txt |
			sort -u | xargs go get
		xargs go list -deps -test <packages.txt >/dev/null
	)
	echo "$(wc -l <"$dir/packages.txt") packages"
done
