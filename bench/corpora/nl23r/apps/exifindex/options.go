package exifindex

import "time"

type options struct {
	location   *time.Location
	minISO     int
	requireGPS bool
	skipDupes  bool
}

// Option configures a Scanner.
type Option func(*options)

// WithLocation sets the time zone used for EXIF timestamps, which carry
// no zone of their own.
func WithLocation(loc *time.Location) Option {
	return func(o *options) { o.location = loc }
}

// WithMinISO drops photos shot below the given ISO value.
func WithMinISO(iso int) Option {
	return func(o *options) { o.minISO = iso }
}

// WithRequireGPS drops photos without a GPS position.
func WithRequireGPS() Option {
	return func(o *options) { o.requireGPS = true }
}

// WithSkipDuplicates indexes byte-identical files only once.
func WithSkipDuplicates() Option {
	return func(o *options) { o.skipDupes = true }
}

func defaultOptions() options {
	return options{location: time.UTC}
}
