package robofleet

import (
	"time"

	"github.com/asynkron/protoactor-go/actor"
)

// Radio sends commands to a robot's on-board controller.
type Radio interface {
	Drive(robotID string, from, to Coord) error
	Diagnose(robotID string) (cellHealth int, codes []string, err error)
}

// robotLink is the actor that owns the radio channel to one robot, so that
// slow radio round trips never block the manager.
type robotLink struct {
	robotID string
	radio   Radio
}

func linkProps(robotID string, radio Radio) *actor.Props {
	return actor.PropsFromProducer(func() actor.Actor {
		return &robotLink{robotID: robotID, radio: radio}
	})
}

func (l *robotLink) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case driveCommand:
		if err := l.radio.Drive(l.robotID, m.From, m.To); err != nil {
			ctx.Respond(err)
			return
		}
		ctx.Respond(driveAck{TaskID: m.TaskID, RobotID: l.robotID, At: time.Now()})
	case diagnose:
		health, codes, err := l.radio.Diagnose(l.robotID)
		if err != nil {
			ctx.Respond(err)
			return
		}
		ctx.Respond(diagnostics{RobotID: l.robotID, CellHealth: health, Codes: codes})
	}
}

// chargingDock hands out charging bays.
type chargingDock struct {
	bays []string
}

func dockProps(bays int) *actor.Props {
	return actor.PropsFromProducer(func() actor.Actor {
		return &chargingDock{bays: make([]string, bays)}
	})
}

func (d *chargingDock) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case reserveBay:
		for i, occupant := range d.bays {
			if occupant == "" || occupant == m.RobotID {
				d.bays[i] = m.RobotID
				ctx.Respond(bayAssigned{RobotID: m.RobotID, Bay: i + 1})
				return
			}
		}
		ctx.Respond(noBayFree{RobotID: m.RobotID})
	case releaseBay:
		if m.Bay > 0 && m.Bay <= len(d.bays) {
			d.bays[m.Bay-1] = ""
		}
	}
}
