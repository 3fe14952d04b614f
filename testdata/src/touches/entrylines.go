package touches

// A field's slice loaded at one line and its entries read at another
// (lines := t.lines, then a copy of lines[i:]): the race detector names
// both lines where the owner assigns the field and writes its entries, so
// both are findings. append and copy read the entries they copy from.
// Look-alike: the entries read on the load's own line, one finding.
//
//confined:owner
type transcript struct { // want transcript:"confined:owner"
	lines []string
}

func (t *transcript) add(s string) { t.lines = append(t.lines, s) }

func (t *transcript) tailOff(n int) {
	go func() {
		lines := t.lines // want `reads confined touches.transcript.lines off the owner`
		n = min(n, len(lines))
		_ = append([]string(nil), lines[len(lines)-n:]...) // want `reads the entries of confined touches.transcript.lines off the owner`
	}()
}

func (t *transcript) copyOff(dst []string) {
	go func() {
		src := t.lines // want `reads confined touches.transcript.lines off the owner`
		copy(dst, src) // want `reads the entries of confined touches.transcript.lines off the owner`
	}()
}

func (t *transcript) firstOff() {
	go func() {
		_ = t.lines[0] // want `reads confined touches.transcript.lines off the owner`
	}()
}
