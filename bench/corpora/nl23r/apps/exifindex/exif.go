// Package exifindex reads the EXIF block of photos and builds a searchable
// index by camera, capture time and location.
package exifindex

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// exifLayout is the layout of EXIF DateTimeOriginal values.
const exifLayout = "2006:01:02 15:04:05"

var (
	// ErrNoExif is returned for files without an EXIF block.
	ErrNoExif = errors.New("exifindex: no exif block")
	// ErrBadTag is returned for malformed tag values.
	ErrBadTag = errors.New("exifindex: malformed tag")
)

// Meta is the subset of EXIF data the index cares about.
type Meta struct {
	Path   string
	Make   string
	Model  string
	Taken  time.Time
	ISO    int
	Width  int
	Height int
	Lat    float64
	Lon    float64
	HasGPS bool
	Sum    uint64
}

// Camera returns the normalised "make model" key of the photo.
func (m Meta) Camera() string {
	mk := strings.TrimSpace(m.Make)
	model := strings.TrimSpace(m.Model)
	if mk != "" && strings.HasPrefix(strings.ToLower(model), strings.ToLower(mk)) {
		return model
	}
	return strings.TrimSpace(mk + " " + model)
}

// Megapixels returns the sensor resolution in megapixels.
func (m Meta) Megapixels() float64 {
	return float64(m.Width*m.Height) / 1e6
}

// ParseMeta decodes the textual EXIF block found at the start of raw. The
// block starts with the line "EXIF" and ends at the first empty line.
func ParseMeta(path string, raw []byte, loc *time.Location) (Meta, error) {
	m := Meta{Path: path, Sum: checksum(raw)}
	sc := bufio.NewScanner(bytes.NewReader(raw))
	if !sc.Scan() || strings.TrimSpace(sc.Text()) != "EXIF" {
		return m, fmt.Errorf("%s: %w", path, ErrNoExif)
	}
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			break
		}
		tag, val, ok := strings.Cut(line, ":")
		if !ok {
			return m, fmt.Errorf("%s: %q: %w", path, line, ErrBadTag)
		}
		if err := applyTag(&m, strings.TrimSpace(tag), strings.TrimSpace(val), loc); err != nil {
			return m, fmt.Errorf("%s: %s: %w", path, tag, err)
		}
	}
	return m, sc.Err()
}

func applyTag(m *Meta, tag, val string, loc *time.Location) error {
	var err error
	switch tag {
	case "Make":
		m.Make = val
	case "Model":
		m.Model = val
	case "DateTimeOriginal":
		m.Taken, err = time.ParseInLocation(exifLayout, val, loc)
	case "ISOSpeedRatings":
		m.ISO, err = strconv.Atoi(val)
	case "PixelXDimension":
		m.Width, err = strconv.Atoi(val)
	case "PixelYDimension":
		m.Height, err = strconv.Atoi(val)
	case "GPSLatitude":
		m.Lat, err = parseCoord(val, "N", "S")
		m.HasGPS = err == nil
	case "GPSLongitude":
		m.Lon, err = parseCoord(val, "E", "W")
		m.HasGPS = m.HasGPS && err == nil
	}
	if err != nil {
		return errors.Join(ErrBadTag, err)
	}
	return nil
}

// parseCoord parses values such as "52.3702 N" into signed degrees.
func parseCoord(val, pos, neg string) (float64, error) {
	num, ref, ok := strings.Cut(val, " ")
	if !ok {
		return 0, fmt.Errorf("coordinate %q has no reference", val)
	}
	deg, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return 0, err
	}
	switch strings.ToUpper(ref) {
	case pos:
		return deg, nil
	case neg:
		return -deg, nil
	}
	return 0, fmt.Errorf("coordinate reference %q", ref)
}

// checksum is a small FNV-1a hash used to spot duplicate files.
func checksum(raw []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, b := range raw {
		h ^= uint64(b)
		h *= 1099511628211
	}
	return h
}
