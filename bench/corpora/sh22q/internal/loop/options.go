package loop

// Option configures a Loop.
type Option func(*config)

type config struct {
	name        string
	mailboxSize int
	onPanic     func(name string, v any)
}

func defaultConfig() config {
	return config{
		name:        "loop",
		mailboxSize: 64,
	}
}

// WithName sets the name reported to the panic handler.
func WithName(name string) Option {
	return func(c *config) {
		if name != "" {
			c.name = name
		}
	}
}

// WithMailboxSize sets how many posted functions may be queued before Post
// blocks.
func WithMailboxSize(n int) Option {
	return func(c *config) {
		if n >= 0 {
			c.mailboxSize = n
		}
	}
}

// WithPanicHandler installs a handler that is called when a posted function
// panics. Without a handler a panic crashes the process.
func WithPanicHandler(fn func(name string, v any)) Option {
	return func(c *config) {
		c.onPanic = fn
	}
}
