module github.com/confinecheck/confinecheck/examples/ebitengine

go 1.26.0

// The checker, run as "go tool confinecheck"; replaced by the checkout this
// example is in.
tool github.com/confinecheck/confinecheck/cmd/confinecheck

replace github.com/confinecheck/confinecheck => ../..

require (
	github.com/confinecheck/confinecheck v0.0.0-00010101000000-000000000000
	github.com/hajimehoshi/ebiten/v2 v2.8.8
)

require (
	github.com/ebitengine/gomobile v0.0.0-20240911145611-4856209ac325 // indirect
	github.com/ebitengine/hideconsole v1.0.0 // indirect
	github.com/ebitengine/purego v0.8.0 // indirect
	github.com/jezek/xgb v1.1.1 // indirect
	golang.org/x/image v0.24.0 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
)
