package podplayer

import (
	"fmt"
	"time"

	"gioui.org/app"
	"gioui.org/io/event"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"
	"gioui.org/widget/material"
)

// Window is the part of *app.Window the event loop uses.
type Window interface {
	Event() event.Event
	Invalidate()
}

// Run is the window's event loop. It returns when the window is closed.
func (p *Player) Run(w Window) error {
	defer p.Close()
	var ops op.Ops
	for {
		switch e := w.Event().(type) {
		case app.DestroyEvent:
			return e.Err
		case app.FrameEvent:
			gtx := app.NewContext(&ops, e)
			p.Layout(gtx)
			e.Frame(gtx.Ops)
		}
	}
}

// Layout applies pending background events, handles input and draws one
// frame.
func (p *Player) Layout(gtx layout.Context) layout.Dimensions {
	p.drain()
	p.handleInput(gtx)
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
		layout.Rigid(p.layoutHeader),
		layout.Flexed(1, p.layoutEpisodes),
		layout.Rigid(p.layoutFooter),
	)
}

func (p *Player) handleInput(gtx layout.Context) {
	if p.refreshBtn.Clicked(gtx) {
		p.Refresh()
	}
	if p.playBtn.Clicked(gtx) {
		p.TogglePlay()
	}
	if p.sleepBtn.Clicked(gtx) {
		p.SetSleepTimer(30 * time.Minute)
	}
	for id, row := range p.rows {
		if row.play.Clicked(gtx) {
			_ = p.Play(id)
		}
		if row.download.Clicked(gtx) {
			_ = p.Download(id)
		}
	}
}

func (p *Player) row(id string) *rowWidgets {
	r := p.rows[id]
	if r == nil {
		r = &rowWidgets{}
		p.rows[id] = r
	}
	return r
}

var inset = layout.UniformInset(unit.Dp(8))

func (p *Player) layoutHeader(gtx layout.Context) layout.Dimensions {
	label := "Play"
	if p.state.playing {
		label = "Pause"
	}
	nowPlaying := "Nothing playing"
	if i, ok := p.episode(p.state.episodeID); ok {
		ep := p.episodes[i]
		nowPlaying = fmt.Sprintf("%s — %s / %s", ep.Title, formatDuration(p.state.position), formatDuration(ep.Duration))
	}
	sleep := "Sleep timer"
	if !p.sleepUntil.IsZero() && time.Until(p.sleepUntil) > 0 {
		sleep = "Sleep in " + formatDuration(time.Until(p.sleepUntil))
	}
	return inset.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
			layout.Rigid(material.H6(p.th, nowPlaying).Layout),
			layout.Rigid(material.Caption(p.th, p.status).Layout),
			layout.Rigid(func(gtx layout.Context) layout.Dimensions {
				return layout.Flex{Spacing: layout.SpaceEnd}.Layout(gtx,
					layout.Rigid(material.Button(p.th, &p.playBtn, label).Layout),
					layout.Rigid(layout.Spacer{Width: unit.Dp(8)}.Layout),
					layout.Rigid(material.Button(p.th, &p.refreshBtn, "Refresh").Layout),
					layout.Rigid(layout.Spacer{Width: unit.Dp(8)}.Layout),
					layout.Rigid(material.Button(p.th, &p.sleepBtn, sleep).Layout),
				)
			}),
		)
	})
}

func (p *Player) layoutEpisodes(gtx layout.Context) layout.Dimensions {
	return material.List(p.th, &p.list).Layout(gtx, len(p.episodes), func(gtx layout.Context, i int) layout.Dimensions {
		ep := p.episodes[i]
		w := p.row(ep.ID)
		children := []layout.FlexChild{
			layout.Rigid(material.Body1(p.th, ep.Title).Layout),
			layout.Rigid(material.Caption(p.th, fmt.Sprintf("%s · %s · %s left", ep.Show, ep.Published.Format("2 Jan"), formatDuration(ep.Remaining()))).Layout),
		}
		if job, ok := p.jobs[ep.ID]; ok {
			children = append(children, layout.Rigid(material.ProgressBar(p.th, job.Fraction()).Layout))
		}
		dl := "Download"
		if ep.Downloaded {
			dl = "Downloaded"
		}
		children = append(children, layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			return layout.Flex{}.Layout(gtx,
				layout.Rigid(material.Button(p.th, &w.play, "Play").Layout),
				layout.Rigid(layout.Spacer{Width: unit.Dp(8)}.Layout),
				layout.Rigid(material.Button(p.th, &w.download, dl).Layout),
			)
		}))
		return inset.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			return layout.Flex{Axis: layout.Vertical}.Layout(gtx, children...)
		})
	})
}

func (p *Player) layoutFooter(gtx layout.Context) layout.Dimensions {
	m := p.fetcher.Meter()
	txt := fmt.Sprintf("%d feeds · %d episodes · %.1f MB in %d downloads", len(p.feeds), len(p.episodes), float64(m.Bytes())/(1<<20), m.Files())
	return inset.Layout(gtx, material.Caption(p.th, txt).Layout)
}
