// Package declarations_test checks the declaration packs: every *.conf file
// of this directory parses as a -declare file, and its header names the
// version of the framework it was checked against.
package declarations_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/confinecheck/confinecheck/internal/directive"
)

// checkedAgainst is the header line that names the framework's version:
// "checked against MODULE VERSION".
var checkedAgainst = regexp.MustCompile(`(?m)^#.*checked against\s*(?:\n#\s*)?(\S+) (v\d+\.\d+\.\d+\S*)`)

func TestPacks(t *testing.T) {
	files, err := filepath.Glob("*.conf")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no *.conf file")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(file, ".conf"), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(string(src), "\n")
			decls, err := directive.ParseDeclarationLines(lines, func(i int) string { return fmt.Sprintf("%s:%d", file, i+1) })
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			if len(decls) == 0 && !strings.Contains(string(src), "nothing to declare") {
				t.Errorf("%s declares nothing (and does not say \"nothing to declare\")", file)
			}
			var header strings.Builder
			for _, l := range lines {
				if !strings.HasPrefix(l, "#") {
					break
				}
				header.WriteString(l + "\n")
			}
			m := checkedAgainst.FindStringSubmatch(header.String())
			if m == nil {
				t.Fatalf("%s: the header comment does not say \"checked against MODULE VERSION\":\n%s", file, header.String())
			}
			t.Logf("%s: %d declarations, checked against %s %s", file, len(decls), m[1], strings.TrimRight(m[2], ".,"))
		})
	}
}
