#!/usr/bin/env bash
# Builds golangci-lint with the confinecheck plugin compiled in, from the Go
# module proxy alone (no git clone, unlike `golangci-lint custom`).
#
#   golangci/build.sh [OUTPUT]      default OUTPUT: golangci/bin/golangci-lint
#
# The module in gcl/ requires golangci-lint (the version in gcl/go.mod) and
# the plugin; its main function is golangci-lint's own
# cmd/golangci-lint/main.go, taken from the module cache with
# go build -overlay. Go's build cache makes a second build quick, and an
# up-to-date OUTPUT is not linked again.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=${1:-$here/bin/golangci-lint}
mkdir -p "$(dirname "$out")"
out=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")

cd "$here/gcl"
export GOWORK=off # a go.work around the checkout must not change what is built

module=github.com/golangci/golangci-lint/v2
go mod download "$module"
version=$(go list -m -f '{{.Version}}' "$module")
main_go=$(go list -m -f '{{.Dir}}' "$module")/cmd/golangci-lint/main.go
if [[ ! -f "$main_go" ]]; then
	echo "build.sh: $main_go not found in the module cache" >&2
	exit 1
fi

overlay=$(mktemp)
trap 'rm -f "$overlay"' EXIT
printf '{"Replace": {"%s": "%s"}}\n' "$here/gcl/main.go" "$main_go" >"$overlay"

# golangci-lint's main prints these in --version; without them it would
# say "(devel)". -buildvcs=false: the version is given here, and VCS
# stamping fails in checkouts git refuses to read.
go build -overlay "$overlay" -buildvcs=false \
	-ldflags "-X main.version=${version#v} -X main.commit=confinecheck-plugin -X main.date=unknown" \
	-o "$out" .
echo "built $out (golangci-lint $version with the confinecheck plugin)"
