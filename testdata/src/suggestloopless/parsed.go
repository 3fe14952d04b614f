package suggestloopless

import (
	"strings"
	"sync"
	"time"
)

// A scanner's workers each parse a record of their own, handing the
// parser the location the scanner keeps: a *time.Location is never
// written once made, so handing it along shares nothing, and the records
// get no owner.
type photoMeta struct {
	taken time.Time
	model string
}

func applyPhotoTag(m *photoMeta, tag, val string, loc *time.Location) {
	switch tag {
	case "model":
		m.model = val
	case "taken":
		m.taken, _ = time.ParseInLocation(time.DateTime, val, loc)
	}
}

func parsePhotoMeta(raw string, loc *time.Location) photoMeta {
	var m photoMeta
	for _, line := range strings.Split(raw, "\n") {
		tag, val, _ := strings.Cut(line, "=")
		applyPhotoTag(&m, tag, val, loc)
	}
	return m
}

type photoScanner struct {
	loc   *time.Location
	metas []photoMeta
}

func (s *photoScanner) Scan(raws []string) { // want Scan:`summary\(started arg0; reads the entries of arg1\)` Scan:`writes suggestloopless\.photoScanner\.metas` Scan:`may block`
	metas := make([]photoMeta, len(raws))
	var wg sync.WaitGroup
	for i, r := range raws {
		wg.Go(func() { metas[i] = parsePhotoMeta(r, s.loc) })
	}
	wg.Wait()
	s.metas = metas
}
