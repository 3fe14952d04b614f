package weather

import (
	"image"
	"image/color"
	"strconv"

	"gioui.org/io/key"
	"gioui.org/layout"
	"gioui.org/op/clip"
	"gioui.org/op/paint"
	"gioui.org/unit"
	"gioui.org/widget/material"

	"example.com/corpus/trial-fw21p/internal/series"
)

var (
	staleColor = color.NRGBA{R: 0xc6, G: 0x28, B: 0x28, A: 0xff}
	barColor   = color.NRGBA{R: 0x3f, G: 0x51, B: 0xb5, A: 0xff}
	mutedColor = color.NRGBA{R: 0x75, G: 0x75, B: 0x75, A: 0xff}
)

// handleInput processes buttons and keyboard shortcuts.
func (d *Dashboard) handleInput(gtx layout.Context) {
	for {
		ev, ok := gtx.Event(
			key.Filter{Name: "R"},
			key.Filter{Name: "U"},
			key.Filter{Name: "B"},
			key.Filter{Name: key.NameDownArrow},
			key.Filter{Name: key.NameUpArrow},
		)
		if !ok {
			break
		}
		e, ok := ev.(key.Event)
		if !ok || e.State != key.Press {
			continue
		}
		switch e.Name {
		case "R":
			d.later(d.refresh)
		case "U":
			d.units = d.units.Toggle()
		case "B":
			d.later(d.backfillSelected)
		case key.NameDownArrow:
			d.selected = (d.selected + 1) % len(d.cities)
		case key.NameUpArrow:
			d.selected = (d.selected - 1 + len(d.cities)) % len(d.cities)
		}
	}
	if d.refreshBtn.Clicked(gtx) {
		d.later(d.refresh)
	}
	if d.unitsBtn.Clicked(gtx) {
		d.units = d.units.Toggle()
	}
	if d.backfillBtn.Clicked(gtx) {
		d.later(d.backfillSelected)
	}
	for i := range d.cityBtns {
		if d.cityBtns[i].Clicked(gtx) {
			d.selected = i
		}
	}
}

// Layout draws the dashboard.
func (d *Dashboard) Layout(gtx layout.Context) layout.Dimensions {
	return layout.UniformInset(unit.Dp(12)).Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		children := []layout.FlexChild{
			layout.Rigid(d.layoutToolbar),
			layout.Rigid(d.layoutStatus),
		}
		for i := range d.cities {
			children = append(children, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
				return d.layoutCity(gtx, i)
			}))
		}
		children = append(children, layout.Rigid(d.layoutLog))
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx, children...)
	})
}

func (d *Dashboard) layoutToolbar(gtx layout.Context) layout.Dimensions {
	th := d.theme
	return layout.Flex{Spacing: layout.SpaceEnd}.Layout(gtx,
		layout.Rigid(material.Button(th, &d.refreshBtn, "Refresh").Layout),
		layout.Rigid(layout.Spacer{Width: unit.Dp(8)}.Layout),
		layout.Rigid(material.Button(th, &d.unitsBtn, "Units: "+d.units.String()).Layout),
		layout.Rigid(layout.Spacer{Width: unit.Dp(8)}.Layout),
		layout.Rigid(material.Button(th, &d.backfillBtn, "Load history").Layout),
	)
}

func (d *Dashboard) layoutStatus(gtx layout.Context) layout.Dimensions {
	msg := "updated " + age(gtx.Now, d.lastUpdate)
	if d.inflight > 0 {
		msg = "refreshing " + strconv.Itoa(d.inflight) + " cities…"
	}
	lbl := material.Caption(d.theme, msg)
	if d.stale {
		lbl.Text = "data is stale — last update " + age(gtx.Now, d.lastUpdate)
		lbl.Color = staleColor
	}
	return layout.Inset{Top: unit.Dp(6), Bottom: unit.Dp(6)}.Layout(gtx, lbl.Layout)
}

func (d *Dashboard) layoutCity(gtx layout.Context, i int) layout.Dimensions {
	city := d.cities[i]
	title := city
	if i == d.selected {
		title = "▸ " + city
	}
	r, ok := d.readings[city]
	detail := "no data"
	if msg, failed := d.failures[city]; failed {
		detail = "error: " + msg
	} else if ok {
		detail = d.units.Temp(r.TempC) + " · feels " + d.units.Temp(r.FeelsC) + " · " +
			r.Condition + " · " + strconv.Itoa(r.Humidity) + "% · " + d.units.Speed(r.WindKPH)
	}
	var values []float64
	if t, ok := d.trends[city]; ok {
		values = t.Values()
	}
	return d.cityBtns[i].Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		return layout.Inset{Bottom: unit.Dp(8)}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
				layout.Rigid(material.H6(d.theme, title).Layout),
				layout.Rigid(material.Body2(d.theme, detail).Layout),
				layout.Rigid(func(gtx layout.Context) layout.Dimensions {
					return sparkline(gtx, values, gtx.Dp(unit.Dp(160)), gtx.Dp(unit.Dp(24)))
				}),
			)
		})
	})
}

func (d *Dashboard) layoutLog(gtx layout.Context) layout.Dimensions {
	entries := d.log.Recent(3)
	children := make([]layout.FlexChild, 0, len(entries))
	for _, e := range entries {
		lbl := material.Caption(d.theme, e.At.Format("15:04:05")+"  "+e.Text)
		lbl.Color = mutedColor
		children = append(children, layout.Rigid(lbl.Layout))
	}
	children = append(children, layout.Rigid(material.Caption(d.theme,
		strconv.FormatInt(d.fetches.Load(), 10)+" requests").Layout))
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx, children...)
}

// sparkline draws values as vertical bars.
func sparkline(gtx layout.Context, values []float64, width, height int) layout.Dimensions {
	size := image.Pt(width, height)
	if len(values) == 0 {
		return layout.Dimensions{Size: size}
	}
	norm := series.Normalize(values)
	barW := width / len(norm)
	if barW < 1 {
		barW = 1
	}
	for i, v := range norm {
		h := 2 + int(v*float64(height-2))
		x := i * barW
		if x >= width {
			break
		}
		rect := clip.Rect{Min: image.Pt(x, height-h), Max: image.Pt(x+barW-1, height)}
		paint.FillShape(gtx.Ops, barColor, rect.Op())
	}
	return layout.Dimensions{Size: size}
}
