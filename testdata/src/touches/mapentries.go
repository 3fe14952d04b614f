package touches

// A slice a confined field's map keeps, handed to a goroutine while the
// owner keeps it there, is shared: the goroutine reads what the owner's
// next append writes (a reset to vals[:0] keeps the array). Look-alikes:
// an entry deleted, or replaced, once the goroutine has it is handed off.
//
//confined:owner
type histograms struct { // want histograms:"confined:owner"
	hist    map[string][]float64
	timings map[string][]float64
}

func (h *histograms) observe(k string, v float64) {
	h.hist[k] = append(h.hist[k], v)
	h.timings[k] = append(h.timings[k], v)
}

func (h *histograms) flush() {
	for name, vals := range h.hist {
		go pushMax(name, vals)
		h.hist[name] = vals[:0]
	}
	for name, vals := range h.timings {
		go pushMax(name, vals)
		delete(h.timings, name)
	}
}

func (h *histograms) shareOne(name string) {
	vals := h.hist[name]
	go pushMin(name, vals)
}

func (h *histograms) handOne(name string) {
	vals := h.hist[name]
	go pushMin(name, vals)
	h.hist[name] = nil
}

// shareFound hands what a comma-ok lookup found.
func (h *histograms) shareFound(name string) {
	if vals, ok := h.hist[name]; ok {
		go pushMin(name, vals)
	}
}

// shareDirect hands the lookup itself.
func (h *histograms) shareDirect(name string) {
	go pushSum(name, h.hist[name])
}

func pushSum(name string, vals []float64) {
	sum := 0.0
	for _, v := range vals { // want `reads the entries of confined touches.histograms.hist off the owner: this code runs via a go statement \(mapentries.go:\d+\); path touches.pushSum → the entries of touches.histograms.hist;`
		sum += v
	}
	println(name, sum)
}

func pushMax(name string, vals []float64) { println(name, maxOf(vals)) }

func pushMin(name string, vals []float64) {
	m := 0.0
	for _, v := range vals { // want `reads the entries of confined touches.histograms.hist off the owner: this code runs via a go statement \(mapentries.go:32\); path touches.pushMin → the entries of touches.histograms.hist;` `reads the entries of confined touches.histograms.hist off the owner: this code runs via a go statement \(mapentries.go:44\)`
		m = min(m, v)
	}
	println(name, m)
}

func maxOf(vals []float64) float64 {
	m := 0.0
	for _, v := range vals { // want `reads the entries of confined touches.histograms.hist off the owner: this code runs via a go statement \(mapentries.go:21\); path touches.pushMax → the entries of touches.histograms.hist;`
		m = max(m, v)
	}
	return m
}
