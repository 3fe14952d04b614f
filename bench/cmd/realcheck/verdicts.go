package main

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// A verdict is a person's judgement of one finding, kept in
// bench/realcode/NAME.verdicts (the findings with the spec's directives)
// and NAME.suggest.verdicts (those after -suggest -fix) as lines
//
//	POSN [via FILE:LINE] true|false [CAUSE] -- REASON
//
// POSN is file:line:col relative to the module root, on the lines of the
// module as published (with "via FILE:LINE", the finding there whose code
// left the owner at FILE:LINE, as its message says: one touch reached from
// several places has a finding, and a verdict, for each): the directive lines realcheck inserts (the spec's,
// or -suggest -fix's) are not counted, so POSN is the position NAME.md or
// NAME.suggest.md shows. CAUSE names the model rule a false finding comes
// from (a short tag).
type verdict struct {
	posn    string
	correct bool
	cause   string
	reason  string
}

// readVerdicts reads a verdicts file; a missing one is empty.
func readVerdicts(path string) (map[string]verdict, error) {
	verdicts := map[string]verdict{}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return verdicts, nil
	} else if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		head, reason, ok := strings.Cut(line, " -- ")
		fields := strings.Fields(head)
		posn := ""
		if len(fields) > 2 && fields[1] == "via" {
			posn, fields = fields[0]+" via "+fields[2], fields[2:]
		} else if len(fields) > 0 {
			posn = fields[0]
		}
		if !ok || len(fields) < 2 || (fields[1] != "true" && fields[1] != "false") {
			return nil, fmt.Errorf("%s:%d: want POSN [via FILE:LINE] true|false [CAUSE] -- REASON", path, n)
		}
		v := verdict{posn: posn, correct: fields[1] == "true", cause: strings.Join(fields[2:], " "), reason: strings.TrimSpace(reason)}
		if _, dup := verdicts[v.posn]; dup {
			return nil, fmt.Errorf("%s:%d: second verdict for %s", path, n, v.posn)
		}
		verdicts[v.posn] = v
	}
	return verdicts, sc.Err()
}

// verdictOf returns the verdict on f: the one naming its position and
// where its code left the owner, else the one naming its position.
func verdictOf(verdicts map[string]verdict, f finding) (verdict, bool) {
	if v, ok := verdicts[f.posn()+" via "+f.via()]; ok {
		return v, true
	}
	v, ok := verdicts[f.posn()]
	return v, ok
}
