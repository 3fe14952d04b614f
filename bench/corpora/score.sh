#!/usr/bin/env bash
# Scores the checker on the blind race corpora, as a user adopting it would run it: every
# directive stripped, then `-suggest -fix ./...`, then the check (test files included).
#
#   bench/corpora/score.sh BIN [CORPUS_DIR...]   (default: every corpus beside this script)
#
# Prints, per corpus, the marked racy lines found and the finding lines that are not marked;
# the lists are kept in $SCORE_DIR/NAME/{hit,missed,unmarked}.txt (default /tmp/corpora-score).
set -euo pipefail
bin=$(readlink -f "$1")
shift
here=$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")
out=${SCORE_DIR:-/tmp/corpora-score}
if (($# == 0)); then
	set -- "$here"/*/
fi
for src in "$@"; do
	src=$(readlink -f "$src")
	[[ -f $src/go.mod ]] || continue
	name=$(basename "$src")
	w=$out/$name
	rm -rf "$w"
	mkdir -p "$w"
	cp -r "$src/." "$w/"
	# Blank the directive lines rather than delete them, so that line numbers hold.
	find "$w" -name '*.go' -exec sed -i -E 's#^\s*//confined:.*$##; s#\s*//confined:.*$##' {} +
	(
		cd "$w"
		"$bin" -suggest -fix ./... >suggest.txt 2>&1 || true
		"$bin" ./... >check.txt 2>&1 || true
		# A finding's first line; the lines of its path start with a tab.
		grep -P '^/[^:]+:\d+:\d+: (?!\t)' check.txt | sed -E "s#^$w/##" | awk -F: '{print $1 ":" $2}' | sort -u >found.txt || true
		# After -fix: the markers moved with their lines.
		grep -rn --include='*.go' '// RACY' . | sed -E 's#^\./##' | awk -F: '{print $1 ":" $2}' | sort -u >marked.txt || true
		comm -12 marked.txt found.txt >hit.txt
		comm -23 marked.txt found.txt >missed.txt
		comm -13 marked.txt found.txt >unmarked.txt
		printf '%s: found %d/%d, unmarked %d\n' "$name" "$(wc -l <hit.txt)" "$(wc -l <marked.txt)" "$(wc -l <unmarked.txt)"
	)
done
