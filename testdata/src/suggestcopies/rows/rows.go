// Package rows: a loop that sends rows of copies of the values it keeps
// behind pointers ([]stat built with append(rows, *st)) hands over the
// copies only: the values stay its own. Look-alike: a loop sending the
// slice of values it keeps itself shares them.
package rows

type stat struct { // want `suggest for rows.stat: //confined:owner @monitor: code on the owner \(\(\*rows.monitor\).loop\) writes its field hits without a lock`
	hits int
}

type monitor struct { // want `suggest for rows.monitor: //confined:owner @monitor`
	hits   chan string
	export chan chan []stat
	stats  map[string]*stat
}

func newMonitor() *monitor {
	m := &monitor{hits: make(chan string), export: make(chan chan []stat), stats: map[string]*stat{}}
	go m.loop()
	return m
}

func (m *monitor) loop() { // want `suggest for \(\*rows.monitor\).loop: //confined:loop @monitor` loop:`confined:loop@monitor`
	for {
		select {
		case route := <-m.hits:
			if st := m.stats[route]; st != nil {
				st.hits++
			} else {
				m.stats[route] = &stat{}
			}
		case out := <-m.export:
			rows := make([]stat, 0, len(m.stats))
			for _, st := range m.stats {
				rows = append(rows, *st)
			}
			out <- rows
		}
	}
}

type gauge struct {
	level int
}

type panel struct {
	set    chan int
	export chan chan []gauge
	gauges []gauge
}

func newPanel() *panel {
	p := &panel{set: make(chan int), export: make(chan chan []gauge)}
	go p.loop()
	return p
}

func (p *panel) loop() { // want `suggest for \(\*rows.panel\).loop: //confined:loop @panel` loop:`confined:loop@panel`
	for {
		select {
		case n := <-p.set:
			p.gauges[n].level++
		case out := <-p.export:
			out <- p.gauges
		}
	}
}
