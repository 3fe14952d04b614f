package orderbook

import (
	"context"
	"log/slog"
	"time"
)

// settleBatch hands a batch of trades to the clearing house.
func (e *Engine) settleBatch(trades []Trade) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := e.settler.Settle(ctx, trades); err != nil {
		slog.Error("settlement failed", "trades", len(trades), "err", err)
		return
	}
	e.markSettled(len(trades))
}

func (e *Engine) markSettled(n int) {
	e.unsettled -= n // RACY
}
