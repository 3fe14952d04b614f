package quiz

import (
	"encoding/json"
	"errors"
	"net/http"
)

// Handler exposes the game to the presenter's console.
func (h *Host) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /status", h.handleStatus)
	mux.HandleFunc("GET /scoreboard", h.handleScoreboard)
	mux.HandleFunc("POST /rounds", h.handleStartRound)
	mux.HandleFunc("POST /answers", h.handleAnswer)
	mux.HandleFunc("GET /history", h.handleHistory)
	return mux
}

type statusReport struct {
	Phase     string `json:"phase"`
	Questions int    `json:"questions"`
}

func (h *Host) currentPhase() Phase {
	return h.phase // RACY
}

func (h *Host) handleStatus(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, statusReport{
		Phase:     h.currentPhase().String(),
		Questions: len(h.cfg.Questions),
	})
}

func (h *Host) handleScoreboard(w http.ResponseWriter, _ *http.Request) {
	board, err := h.Scoreboard()
	if err != nil {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"error": err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, board)
}

func (h *Host) handleHistory(w http.ResponseWriter, _ *http.Request) {
	hist, err := h.History()
	if err != nil {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"error": err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, hist)
}

func (h *Host) handleStartRound(w http.ResponseWriter, _ *http.Request) {
	n, err := h.StartRound()
	switch {
	case errors.Is(err, ErrRoundInProgress), errors.Is(err, ErrNoMoreQuestions):
		writeJSON(w, http.StatusConflict, map[string]string{"error": err.Error()})
	case err != nil:
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"error": err.Error()})
	default:
		writeJSON(w, http.StatusCreated, map[string]int{"round": n})
	}
}

func (h *Host) handleAnswer(w http.ResponseWriter, req *http.Request) {
	var a Answer
	if err := json.NewDecoder(req.Body).Decode(&a); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": err.Error()})
		return
	}
	if err := h.Submit(a); err != nil {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"error": err.Error()})
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
