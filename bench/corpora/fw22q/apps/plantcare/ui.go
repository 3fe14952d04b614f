package plantcare

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

func (s *Scheduler) buildUI() fyne.CanvasObject {
	s.list = widget.NewList(
		func() int { return len(s.plants) },
		func() fyne.CanvasObject { return widget.NewLabel("• Monstera deliciosa (zone 9)") },
		func(id widget.ListItemID, o fyne.CanvasObject) {
			o.(*widget.Label).SetText(s.plants[id].rowText(s.now()))
		},
	)
	s.list.OnSelected = func(id widget.ListItemID) {
		s.selected = id
		s.refresh()
	}
	s.detail = widget.NewLabel("Select a plant")
	s.detail.Wrapping = fyne.TextWrapWord
	s.status = widget.NewLabel("")
	s.badge = widget.NewLabel("")
	s.climateLbl = widget.NewLabel("")
	s.waterBtn = widget.NewButton("Water now", s.waterSelected)
	s.waterDueBtn = widget.NewButton("Water all due", s.waterAllDue)
	s.exportBtn = widget.NewButton("Export plan", s.exportPlan)
	s.refreshBtn = widget.NewButton("Refresh", s.refresh)

	buttons := container.NewHBox(s.waterBtn, s.waterDueBtn, s.exportBtn, s.refreshBtn)
	side := container.NewVBox(s.detail, buttons, s.badge, s.climateLbl, s.status)
	split := container.NewHSplit(s.list, side)
	split.Offset = 0.4
	return split
}

// refresh redraws everything that depends on plant state.
func (s *Scheduler) refresh() {
	s.badge.SetText(s.alerts.text())
	now := s.now()
	if p := s.selectedPlant(); p != nil {
		s.detail.SetText(p.describe(now))
		s.waterBtn.Enable()
		if s.busy[p.Zone] {
			s.waterBtn.Disable()
		}
	} else {
		s.detail.SetText("Select a plant")
		s.waterBtn.Disable()
	}
	due := 0
	for _, p := range s.plants {
		if p.Due(now) {
			due++
		}
	}
	if due == 0 {
		s.waterDueBtn.Disable()
	} else {
		s.waterDueBtn.Enable()
	}
	s.list.Refresh()
}

// DismissAlerts clears the reminder badge.
func (s *Scheduler) DismissAlerts() {
	s.alerts.clear()
	s.refresh()
}
