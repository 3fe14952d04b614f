package plantcare

import (
	"fmt"
	"time"

	"fyne.io/fyne/v2"

	"example.com/corpus/trial-fw22q/internal/schedule"
)

// waterSelected runs the pump for the selected plant.
func (s *Scheduler) waterSelected() {
	p := s.selectedPlant()
	if p == nil || s.busy[p.Zone] {
		return
	}
	s.busy[p.Zone] = true
	s.setStatus(fmt.Sprintf("Watering %s…", p.Name))
	s.refresh()

	zone, ml := p.Zone, p.VolumeML
	s.jobs.Add(1)
	go func() {
		defer s.jobs.Done()
		delivered, err := s.pump.Run(zone, ml)
		if err != nil {
			fyne.Do(func() {
				s.busy[zone] = false
				s.setStatus(fmt.Sprintf("Pump error on zone %d: %v", zone, err))
				s.refresh()
			})
			return
		}
		p.recordWatering(s.now(), delivered)
	}()
}

type wateringJob struct {
	index int
	name  string
	zone  int
	ml    int
}

func (s *Scheduler) dueJobs() []wateringJob {
	now := s.now()
	var jobs []wateringJob
	for i, p := range s.plants {
		if p.Due(now) && !s.busy[p.Zone] {
			jobs = append(jobs, wateringJob{index: i, name: p.Name, zone: p.Zone, ml: p.VolumeML})
		}
	}
	return jobs
}

// waterAllDue waters every due plant one after the other.
func (s *Scheduler) waterAllDue() {
	jobs := s.dueJobs()
	if len(jobs) == 0 {
		s.setStatus("Nothing is due")
		return
	}
	for _, j := range jobs {
		s.busy[j.zone] = true
	}
	s.setStatus(fmt.Sprintf("Watering %d plants…", len(jobs)))
	s.refresh()

	s.jobs.Add(1)
	go func() {
		defer s.jobs.Done()
		failed := 0
		for _, j := range jobs {
			ml, err := s.pump.Run(j.zone, j.ml)
			at := s.now()
			if err != nil {
				failed++
			}
			fyne.Do(func() {
				s.finishJob(j, ml, at, err)
			})
		}
		fyne.Do(func() {
			if failed > 0 {
				s.setStatus(fmt.Sprintf("%d of %d runs failed", failed, len(jobs)))
			} else {
				s.setStatus(fmt.Sprintf("Watered %d plants", len(jobs)))
			}
		})
	}()
}

func (s *Scheduler) finishJob(j wateringJob, ml int, at time.Time, err error) {
	s.busy[j.zone] = false
	p := s.plants[j.index]
	ev := Event{At: at, Plant: j.name, ML: ml, Err: err}
	if err == nil {
		p.recordWatering(at, ml)
		if s.opts.Reminders {
			s.armReminder(p, at)
		}
	}
	s.logEvent(ev)
	s.refresh()
}

// exportPlan writes the coming week's watering plan as CSV.
func (s *Scheduler) exportPlan() {
	specs := make([]schedule.Spec, 0, len(s.plants))
	for _, p := range s.plants {
		if !p.Paused {
			specs = append(specs, p.spec())
		}
	}
	from, horizon, quiet, out := s.now(), s.opts.PlanHorizon, s.opts.Quiet, s.opts.Export
	s.setStatus("Exporting plan…")

	s.jobs.Add(1)
	go func() {
		defer s.jobs.Done()
		plan := schedule.Plan(specs, from, horizon, quiet)
		err := schedule.WriteCSV(out, plan)
		fyne.Do(func() {
			if err != nil {
				s.setStatus("Export failed: " + err.Error())
				return
			}
			s.setStatus(fmt.Sprintf("Exported %d runs", len(plan)))
		})
	}()
}
