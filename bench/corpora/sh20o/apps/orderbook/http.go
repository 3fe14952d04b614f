package orderbook

import (
	"errors"
	"net/http"
	"strconv"

	"example.com/corpus/trial-sh20o/internal/httpx"
)

// Handler exposes the engine over HTTP.
func (e *Engine) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /fees", e.handleFees)
	mux.HandleFunc("GET /books/{symbol}", e.handleDepth)
	mux.HandleFunc("GET /books/{symbol}/quote", e.handleQuote)
	mux.HandleFunc("POST /orders", e.handleSubmit)
	mux.HandleFunc("GET /orders/{id}", e.handleOrder)
	mux.HandleFunc("DELETE /orders/{id}", e.handleCancel)
	return mux
}

func (e *Engine) handleFees(w http.ResponseWriter, r *http.Request) {
	httpx.WriteJSON(w, http.StatusOK, e.Fees())
}

func (e *Engine) handleDepth(w http.ResponseWriter, r *http.Request) {
	levels, err := httpx.IntParam(r, "levels", 10)
	if err != nil || levels < 1 {
		httpx.Error(w, http.StatusBadRequest, "bad levels")
		return
	}
	d, err := e.Depth(r.PathValue("symbol"), levels)
	if err != nil {
		httpx.Error(w, http.StatusServiceUnavailable, "%v", err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, d)
}

func (e *Engine) handleQuote(w http.ResponseWriter, r *http.Request) {
	q, err := e.Quote(r.PathValue("symbol"))
	if err != nil {
		httpx.Error(w, http.StatusServiceUnavailable, "%v", err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, q)
}

type submitResponse struct {
	Order  OrderView `json:"order"`
	Trades []Trade   `json:"trades"`
}

func (e *Engine) handleSubmit(w http.ResponseWriter, r *http.Request) {
	var req NewOrder
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Error(w, http.StatusBadRequest, "%v", err)
		return
	}
	o, trades, err := e.Submit(req)
	if err != nil {
		httpx.Error(w, statusFor(err), "%v", err)
		return
	}
	view, err := e.Order(o.ID)
	if err != nil {
		httpx.Error(w, statusFor(err), "%v", err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, submitResponse{Order: view, Trades: trades})
}

func (e *Engine) handleOrder(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseUint(r.PathValue("id"), 10, 64)
	if err != nil {
		httpx.Error(w, http.StatusBadRequest, "bad order id")
		return
	}
	v, err := e.Order(OrderID(id))
	if err != nil {
		httpx.Error(w, statusFor(err), "%v", err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, v)
}

func (e *Engine) handleCancel(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseUint(r.PathValue("id"), 10, 64)
	if err != nil {
		httpx.Error(w, http.StatusBadRequest, "bad order id")
		return
	}
	if err := e.Cancel(OrderID(id)); err != nil {
		httpx.Error(w, statusFor(err), "%v", err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func statusFor(err error) int {
	switch {
	case errors.Is(err, ErrInvalid):
		return http.StatusBadRequest
	case errors.Is(err, ErrRiskLimit):
		return http.StatusForbidden
	case errors.Is(err, ErrUnknownOrder):
		return http.StatusNotFound
	case errors.Is(err, ErrNotWorking):
		return http.StatusConflict
	}
	return http.StatusServiceUnavailable
}
