package tripcomp

import (
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"time"

	"example.com/corpus/trial-fw22q/internal/geo"
)

const gpxHeader = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="tripcomp" xmlns="http://www.topografix.com/GPX/1/1">
<trk><name>%s</name><trkseg>
`

const gpxFooter = `</trkseg>
<extensions><distance>%.1f</distance><climb>%.1f</climb></extensions>
</trk>
</gpx>
`

// writeGPX streams the points to w, one trackpoint per write so that slow
// storage can keep up, and reports how many points were written so far.
func writeGPX(w io.Writer, name string, pts []geo.Fix, progress func(done int)) error {
	var esc xmlText
	if err := xml.EscapeText(&esc, []byte(name)); err != nil {
		return err
	}
	if _, err := fmt.Fprintf(w, gpxHeader, esc); err != nil {
		return fmt.Errorf("gpx header: %w", err)
	}
	buf := make([]byte, 0, 128)
	var dist, climb float64
	for i, p := range pts {
		if i > 0 {
			dist += geo.Distance(pts[i-1], p)
			climb += geo.Climb(pts[i-1], p)
		}
		buf = appendTrackpoint(buf[:0], p)
		if _, err := w.Write(buf); err != nil {
			return fmt.Errorf("gpx point: %w", err)
		}
		if progress != nil {
			progress(i + 1)
		}
	}
	_, err := fmt.Fprintf(w, gpxFooter, dist, climb)
	return err
}

func appendTrackpoint(b []byte, p geo.Fix) []byte {
	b = append(b, `<trkpt lat="`...)
	b = strconv.AppendFloat(b, p.Lat, 'f', 6, 64)
	b = append(b, `" lon="`...)
	b = strconv.AppendFloat(b, p.Lon, 'f', 6, 64)
	b = append(b, `"><ele>`...)
	b = strconv.AppendFloat(b, p.Ele, 'f', 1, 64)
	b = append(b, `</ele><time>`...)
	b = p.At.UTC().AppendFormat(b, time.RFC3339)
	return append(b, "</time></trkpt>\n"...)
}

type xmlText []byte

func (x *xmlText) Write(p []byte) (int, error) {
	*x = append(*x, p...)
	return len(p), nil
}

func (x xmlText) String() string { return string(x) }
