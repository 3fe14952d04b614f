// Package wrap embeds lib's confined type and says nothing itself.
package wrap

import "inreach/lib"

type Wrapper struct{ *lib.State }

type Value struct{ lib.State }
