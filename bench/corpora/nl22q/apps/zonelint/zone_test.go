package zonelint

import (
	"strings"
	"testing"
)

const exampleZone = `
$ORIGIN example.com.
$TTL 1h
@       IN SOA ns1 hostmaster (
            2024061501 ; serial
            2h         ; refresh
            30m        ; retry
            2w         ; expire
            1h )       ; minimum
        IN NS  ns1
        IN NS  ns2.example.net.
        IN MX  20 backup
        IN MX  10 mail
ns1     IN A   192.0.2.53
mail    IN A   192.0.2.25
        IN AAAA 2001:db8::25
www  60 IN CNAME web
www     IN TXT "v=spf1 -all"
web     IN A   10.1.2.3
ftp     IN A   2001:db8::21
shop    IN NS  ns.shop
ns.shop IN A   192.0.2.80
lab     IN NS  ns-lab.example.net.
`

func mustParse(t testing.TB, src, origin string) *Zone {
	t.Helper()
	z, err := Parse(strings.NewReader(src), origin)
	if err != nil {
		t.Fatal(err)
	}
	return z
}

func TestParseCompletesNames(t *testing.T) {
	z := mustParse(t, exampleZone, "example.com")
	if z.Origin != "example.com." {
		t.Fatalf("origin = %q", z.Origin)
	}
	soa, ok := z.SOA()
	if !ok || len(soa.Data) != 7 || soa.Data[0] != "ns1.example.com." {
		t.Fatalf("soa = %+v", soa)
	}
	if got := z.NameServers("example.com."); len(got) != 2 || got[1] != "ns2.example.net." {
		t.Fatalf("apex NS = %v", got)
	}
	mx := z.Lookup("example.com.")
	if mx[len(mx)-1].Data[1] != "mail.example.com." {
		t.Fatalf("mx = %+v", mx[len(mx)-1])
	}
	if www := z.Lookup("www.example.com."); len(www) != 2 || www[0].TTL != 60 {
		t.Fatalf("www = %+v", www)
	}
	if d := z.Delegations(); len(d) != 2 || d[0] != "shop.example.com." {
		t.Fatalf("delegations = %v", d)
	}
}

func TestParseErrors(t *testing.T) {
	for _, src := range []string{
		"@ IN SOA ( a b",
		"www IN BOGUS 1",
		"  IN A 192.0.2.1",
		"$TTL 1x",
	} {
		if _, err := Parse(strings.NewReader(src), "example.org."); err == nil {
			t.Errorf("Parse(%q) succeeded", src)
		}
	}
}

func TestParseTTLUnits(t *testing.T) {
	cases := map[string]uint32{"300": 300, "1h": 3600, "1h30m": 5400, "2w": 1209600, "1d1s": 86401}
	for in, want := range cases {
		got, err := parseTTL(in)
		if err != nil || got != want {
			t.Errorf("parseTTL(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
}

func TestRecordString(t *testing.T) {
	r := Record{Name: "a.example.", TTL: 60, Class: "IN", Type: "A", Data: []string{"192.0.2.1"}}
	if got := r.String(); got != "a.example. 60 IN A 192.0.2.1" {
		t.Fatalf("got %q", got)
	}
}
