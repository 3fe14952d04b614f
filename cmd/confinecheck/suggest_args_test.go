package main

import "testing"

// -suggest takes over the command line, except under go vet, which runs
// the tool on one package's .cfg file at a time.
func TestWantsSuggest(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want bool
	}{
		{[]string{"-suggest", "./..."}, true},
		{[]string{"--suggest", "-fix", "./..."}, true},
		{[]string{"-suggest=true", "./..."}, true},
		{[]string{"-confinecheck.suggest", "./..."}, true},
		{[]string{"-suggest=false", "./..."}, false},
		{[]string{"./..."}, false},
		{[]string{"-json", "--", "-suggest"}, false},
		{[]string{"-confinecheck.suggest", "/tmp/vet123/vet.cfg"}, false},
	} {
		if got := asks(tt.args, "suggest"); got != tt.want {
			t.Errorf("asks(%q, \"suggest\") = %v, want %v", tt.args, got, tt.want)
		}
	}
}
