package podplayer

import "time"

// update is a result delivered to the player for the next frame.
type update interface{ isUpdate() }

type feedLoaded struct {
	url  string
	info FeedInfo
	err  error
	at   time.Time
}

type refreshFinished struct{}

type downloadDone struct {
	episodeID string
	err       error
}

type positionTick struct {
	episodeID string
	position  time.Duration
}

type episodeEnded struct {
	episodeID string
}

func (feedLoaded) isUpdate()      {}
func (refreshFinished) isUpdate() {}
func (downloadDone) isUpdate()    {}
func (positionTick) isUpdate()    {}
func (episodeEnded) isUpdate()    {}
