package suggestsetup

import "testing"

func TestParams(t *testing.T) {
	r := NewRouter()
	p := &Params{}
	r.post(func() { p.D++ })
}
