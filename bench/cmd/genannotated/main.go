// Command genannotated writes the generated annotated module that bench.sh
// measures (see package gen):
//
//	go run ./cmd/genannotated -o /tmp/annotated -n 300
//	cd /tmp/annotated && confinecheck ./...   # one finding per tenth package
package main

import (
	"flag"
	"fmt"
	"log"

	"github.com/confinecheck/confinecheck/bench/gen"
)

func main() {
	out := flag.String("o", "", "directory to write the module into (required)")
	n := flag.Int("n", 300, "number of annotated packages")
	funcs := flag.Int("funcs", 20, "plain helper funcs per package")
	fanout := flag.Int("fanout", 3, "earlier packages each package imports")
	flag.Parse()
	if *out == "" {
		log.Fatal("genannotated: -o is required")
	}
	o := gen.Options{Packages: *n, Funcs: *funcs, Fanout: *fanout}
	if err := gen.Write(*out, o); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("wrote %s: %d packages, %d findings expected\n", *out, o.Packages, o.Expected())
}
