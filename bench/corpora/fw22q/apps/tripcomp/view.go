package tripcomp

import (
	"fmt"
	"image"
	"image/color"
	"time"

	"gioui.org/font/gofont"
	"gioui.org/layout"
	"gioui.org/op/clip"
	"gioui.org/op/paint"
	"gioui.org/text"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"
)

type (
	ctx  = layout.Context
	dims = layout.Dimensions
)

var (
	zoneColors = []color.NRGBA{
		{R: 0x90, G: 0x90, B: 0x90, A: 0xff},
		{R: 0x3b, G: 0x82, B: 0xf6, A: 0xff},
		{R: 0x22, G: 0xc5, B: 0x5e, A: 0xff},
		{R: 0xea, G: 0xb3, B: 0x08, A: 0xff},
		{R: 0xf9, G: 0x73, B: 0x16, A: 0xff},
		{R: 0xdc, G: 0x26, B: 0x26, A: 0xff},
	}
	pausedColor = color.NRGBA{R: 0xdc, G: 0x26, B: 0x26, A: 0xff}
)

func newTheme() *material.Theme {
	th := material.NewTheme()
	th.Shaper = text.NewShaper(text.NoSystemFonts(), text.WithCollection(gofont.Collection()))
	return th
}

// Layout draws the ride screen and handles the on-screen buttons.
func (c *Computer) Layout(gtx ctx) dims {
	for c.lapBtn.Clicked(gtx) {
		c.onButton(ButtonLap, gtx.Now)
	}
	for c.pauseBtn.Clicked(gtx) {
		c.onButton(ButtonPause, gtx.Now)
	}
	for c.exportBtn.Clicked(gtx) {
		c.onButton(ButtonExport, gtx.Now)
	}
	for c.shareBtn.Clicked(gtx) {
		c.onButton(ButtonShare, gtx.Now)
	}

	t := c.trip
	return layout.UniformInset(unit.Dp(8)).Layout(gtx, func(gtx ctx) dims {
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
			layout.Rigid(c.statusBar),
			layout.Rigid(func(gtx ctx) dims {
				return material.H1(c.th, fmt.Sprintf("%.1f", t.speed.Value()*3.6)).Layout(gtx)
			}),
			layout.Rigid(material.Caption(c.th, "km/h").Layout),
			layout.Rigid(c.row("DIST", formatKm(t.distance), "TIME", formatClock(t.moving))),
			layout.Rigid(c.row("CLIMB", fmt.Sprintf("%.0f m", t.climb), "MAX", fmt.Sprintf("%.1f", t.maxSpeed*3.6))),
			layout.Rigid(c.heartRate),
			layout.Flexed(1, func(gtx ctx) dims { return dims{Size: gtx.Constraints.Min} }),
			layout.Rigid(c.buttonsRow),
		)
	})
}

func (c *Computer) statusBar(gtx ctx) dims {
	state := ""
	switch c.trip.state {
	case paused:
		state = "PAUSED"
	case autoPaused:
		state = "AUTO-PAUSE"
	}
	bars := c.signal.Load()
	gps := "GPS " + "▮▮▮▮"[:bars*3] + "▯▯▯▯"[:(4-bars)*3]
	return layout.Flex{Spacing: layout.SpaceBetween}.Layout(gtx,
		layout.Rigid(material.Body2(c.th, gps).Layout),
		layout.Rigid(func(gtx ctx) dims {
			l := material.Body1(c.th, state)
			l.Color = pausedColor
			return l.Layout(gtx)
		}),
		layout.Rigid(func(gtx ctx) dims {
			banner := c.banner
			if c.exporting {
				banner = fmt.Sprintf("GPX %d/%d", c.exportDone, c.exportTotal)
			}
			return material.Body1(c.th, banner).Layout(gtx)
		}),
	)
}

func (c *Computer) row(k1, v1, k2, v2 string) layout.Widget {
	cell := func(k, v string) layout.FlexChild {
		return layout.Flexed(1, func(gtx ctx) dims {
			return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
				layout.Rigid(material.Caption(c.th, k).Layout),
				layout.Rigid(material.H4(c.th, v).Layout),
			)
		})
	}
	return func(gtx ctx) dims {
		return layout.Flex{}.Layout(gtx, cell(k1, v1), cell(k2, v2))
	}
}

func (c *Computer) heartRate(gtx ctx) dims {
	bpm := c.trip.hr.Value()
	if bpm <= 0 {
		return material.H4(c.th, "♥ --").Layout(gtx)
	}
	zone := c.opts.HRZones.Zone(bpm)
	return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
		layout.Rigid(material.H4(c.th, fmt.Sprintf("♥ %.0f", bpm)).Layout),
		layout.Rigid(layout.Spacer{Width: unit.Dp(8)}.Layout),
		layout.Rigid(func(gtx ctx) dims {
			return zoneBar(gtx, zone, len(c.opts.HRZones))
		}),
	)
}

func zoneBar(gtx ctx, zone, zones int) dims {
	w, h := gtx.Dp(unit.Dp(16)), gtx.Dp(unit.Dp(12))
	gap := gtx.Dp(unit.Dp(2))
	for i := 1; i <= zones; i++ {
		col := zoneColors[0]
		if i <= zone && i < len(zoneColors) {
			col = zoneColors[i]
		}
		x := (i - 1) * (w + gap)
		paint.FillShape(gtx.Ops, col, clip.Rect{Min: image.Pt(x, 0), Max: image.Pt(x+w, h)}.Op())
	}
	return dims{Size: image.Pt(zones*(w+gap), h)}
}

func (c *Computer) buttonsRow(gtx ctx) dims {
	pauseLabel := "PAUSE"
	if c.trip.state != riding {
		pauseLabel = "RESUME"
	}
	btn := func(b *widget.Clickable, label string) layout.FlexChild {
		return layout.Flexed(1, func(gtx ctx) dims {
			return layout.UniformInset(unit.Dp(2)).Layout(gtx, material.Button(c.th, b, label).Layout)
		})
	}
	return layout.Flex{}.Layout(gtx,
		btn(&c.lapBtn, "LAP"),
		btn(&c.pauseBtn, pauseLabel),
		btn(&c.exportBtn, "GPX"),
		btn(&c.shareBtn, "SHARE"),
	)
}

func formatKm(m float64) string {
	return fmt.Sprintf("%.2f km", m/1000)
}

func formatClock(d time.Duration) string {
	d = d.Round(time.Second)
	h := int(d.Hours())
	m := int(d.Minutes()) % 60
	s := int(d.Seconds()) % 60
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d", h, m, s)
	}
	return fmt.Sprintf("%d:%02d", m, s)
}
