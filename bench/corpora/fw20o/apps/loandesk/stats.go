package loandesk

// Stats summarises the activity of a desk since it started.
type Stats struct {
	Checkouts    int
	Returns      int
	Renewals     int
	HoldsPlaced  int
	HoldsExpired int
	Announced    int
	Receipts     int
	FinesCents   int
}

type deskStats struct {
	checkouts    int
	returns      int
	renewals     int
	holdsPlaced  int
	holdsExpired int
	announced    int
	receipts     int
	finesCents   int
}

func (s *deskStats) noteAnnounced() {
	s.announced++ // RACY
}

func (s *deskStats) snapshot() Stats {
	return Stats{
		Checkouts:    s.checkouts,
		Returns:      s.returns,
		Renewals:     s.renewals,
		HoldsPlaced:  s.holdsPlaced,
		HoldsExpired: s.holdsExpired,
		Announced:    s.announced,
		Receipts:     s.receipts,
		FinesCents:   s.finesCents,
	}
}
