package chat

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"
)

// Errors returned by rooms.
var (
	ErrClosed      = errors.New("chat: room closed")
	ErrNickInUse   = errors.New("chat: nick already in use")
	ErrBadNick     = errors.New("chat: invalid nick")
	ErrNotMember   = errors.New("chat: not a member")
	ErrRateLimited = errors.New("chat: slow down")
	ErrEmpty       = errors.New("chat: empty message")
)

// Config holds room settings.
type Config struct {
	MaxHistory  int
	Outbox      int
	IdleTimeout time.Duration
	MaxLine     int
	Motd        string

	// TrackDelivery counts lines actually written to members' connections.
	TrackDelivery bool
}

// DefaultConfig returns typical settings.
func DefaultConfig() Config {
	return Config{MaxHistory: 200, Outbox: 64, MaxLine: 512, Motd: "Be excellent to each other."}
}

// Option customises a room.
type Option func(*Room)

// WithConfig replaces the room configuration.
func WithConfig(c Config) Option { return func(r *Room) { r.cfg = c } }

// WithIdleTimeout makes the room part members who stay silent this long.
func WithIdleTimeout(d time.Duration) Option { return func(r *Room) { r.cfg.IdleTimeout = d } }

// WithDeliveryTracking enables the Delivered counter.
func WithDeliveryTracking() Option { return func(r *Room) { r.cfg.TrackDelivery = true } }

// WithFilter installs a text filter.
func WithFilter(f Filter) Option { return func(r *Room) { r.filter = f } }

// WithLimiter shares a rate limiter across rooms.
func WithLimiter(l *Limiter) Option { return func(r *Room) { r.limiter = l } }

// WithTopic sets the initial topic.
func WithTopic(t string) Option { return func(r *Room) { r.topic = t } }

// Stats counts room activity.
type Stats struct {
	Joined    int `json:"joined"`
	Left      int `json:"left"`
	Posted    int `json:"posted"`
	Delivered int `json:"delivered"`
	Dropped   int `json:"dropped"`
	BytesOut  int `json:"bytes_out"`
}

type joinReq struct {
	nick  string
	w     io.Writer
	reply chan joinResult
}

type joinResult struct {
	m   *Member
	err error
}

type leaveReq struct {
	nick   string
	reason string
	reply  chan bool
}

type historyReq struct {
	n     int
	reply chan []Message
}

// Room is a chat room.
type Room struct {
	name    string
	cfg     Config
	created time.Time
	filter  Filter
	limiter *Limiter

	joins     chan joinReq
	leaves    chan leaveReq
	inbox     chan Message
	membersRq chan chan []MemberInfo
	historyRq chan historyReq
	statsRq   chan chan Stats
	quit      chan struct{}
	done      chan struct{}
	closeOnce sync.Once

	members map[string]*Member
	history []Message
	topic   string
	seq     uint64
	stats   Stats
}

// NewRoom creates a room and starts its loop.
func NewRoom(name string, opts ...Option) *Room {
	r := &Room{
		name:      name,
		cfg:       DefaultConfig(),
		created:   time.Now(),
		joins:     make(chan joinReq),
		leaves:    make(chan leaveReq),
		inbox:     make(chan Message, 128),
		membersRq: make(chan chan []MemberInfo),
		historyRq: make(chan historyReq),
		statsRq:   make(chan chan Stats),
		quit:      make(chan struct{}),
		done:      make(chan struct{}),
		members:   make(map[string]*Member),
	}
	for _, o := range opts {
		o(r)
	}
	go r.run()
	return r
}

// Name returns the room name.
func (r *Room) Name() string { return r.name }

// Created returns when the room was opened.
func (r *Room) Created() time.Time { return r.created }

// Topic returns the room's topic line.
func (r *Room) Topic() string {
	return r.topic // RACY
}

func (r *Room) run() {
	defer close(r.done)
	var idle <-chan time.Time
	if r.cfg.IdleTimeout > 0 {
		t := time.NewTicker(r.cfg.IdleTimeout / 4)
		defer t.Stop()
		idle = t.C
	}
	for {
		select {
		case req := <-r.joins:
			m, err := r.handleJoin(req.nick, req.w)
			req.reply <- joinResult{m, err}
		case req := <-r.leaves:
			req.reply <- r.handleLeave(req.nick, req.reason)
		case msg := <-r.inbox:
			r.handlePost(msg)
		case reply := <-r.membersRq:
			reply <- r.memberInfos()
		case req := <-r.historyRq:
			req.reply <- r.recent(req.n)
		case reply := <-r.statsRq:
			reply <- r.stats
		case now := <-idle:
			for _, nick := range r.idleMembers(now, r.cfg.IdleTimeout) {
				r.handleLeave(nick, "idle")
			}
		case <-r.quit:
			r.shutdown()
			return
		}
	}
}

func (r *Room) handleJoin(nick string, w io.Writer) (*Member, error) {
	if _, taken := r.members[nick]; taken {
		return nil, ErrNickInUse
	}
	now := time.Now()
	m := &Member{Nick: nick, JoinedAt: now, lastSeen: now}
	r.members[nick] = m
	var onWritten func(Message)
	if r.cfg.TrackDelivery {
		onWritten = func(msg Message) { r.noteDelivered(msg) }
	}
	m.sess = newSession(nick, w, r.cfg.Outbox, onWritten)
	go m.sess.pump()
	r.stats.Joined++
	m.sess.deliver(r.system(now, "Topic: "+r.topic))
	r.broadcast(r.system(now, nick+" has joined"))
	return m, nil
}

func (r *Room) handleLeave(nick, reason string) bool {
	m, ok := r.members[nick]
	if !ok {
		return false
	}
	delete(r.members, nick)
	n, _ := m.sess.close()
	r.stats.BytesOut += n
	r.stats.Left++
	r.limiter.Forget(nick)
	r.broadcast(r.system(time.Now(), fmt.Sprintf("%s has left (%s)", nick, reason)))
	return true
}

func (r *Room) handlePost(msg Message) {
	m, ok := r.members[msg.From]
	if !ok {
		return
	}
	m.lastSeen = msg.At
	m.sent++
	if cmd, ok := parseCommand(msg.Text); ok {
		r.runCommand(m, msg, cmd)
		return
	}
	if r.filter != nil {
		msg.Text = r.filter.Clean(msg.Text)
	}
	r.publish(msg)
}

func (r *Room) runCommand(m *Member, msg Message, cmd command) {
	switch cmd.name {
	case "me":
		msg.Kind = KindAction
		msg.Text = cmd.arg
		r.publish(msg)
	case "topic":
		r.topic = cmd.arg
		r.publish(r.system(msg.At, fmt.Sprintf("%s changed the topic to: %s", m.Nick, cmd.arg)))
	case "names":
		nicks := r.nicks()
		m.sess.deliver(r.system(msg.At, "Members: "+strings.Join(nicks, ", ")))
	default:
		m.sess.deliver(r.system(msg.At, "Unknown command /"+cmd.name))
	}
}

func (r *Room) system(at time.Time, text string) Message {
	return Message{Room: r.name, Kind: KindSystem, Text: text, At: at}
}

// publish stamps msg, stores it and fans it out.
func (r *Room) publish(msg Message) {
	r.seq++
	msg.Seq = r.seq
	msg.Room = r.name
	r.stats.Posted++
	r.appendHistory(msg)
	r.broadcast(msg)
}

func (r *Room) appendHistory(msg Message) {
	if r.cfg.MaxHistory <= 0 {
		return
	}
	if len(r.history) >= r.cfg.MaxHistory {
		n := copy(r.history, r.history[1:])
		r.history = r.history[:n]
	}
	r.history = append(r.history, msg)
}

func (r *Room) broadcast(msg Message) {
	for _, m := range r.members {
		if !m.sess.deliver(msg) {
			r.stats.Dropped++
		}
	}
}

func (r *Room) noteDelivered(msg Message) {
	r.stats.Delivered++ // RACY
}

func (r *Room) recent(n int) []Message {
	if n <= 0 || n > len(r.history) {
		n = len(r.history)
	}
	return slices.Clone(r.history[len(r.history)-n:])
}

func (r *Room) nicks() []string {
	out := make([]string, 0, len(r.members))
	for nick := range r.members {
		out = append(out, nick)
	}
	slices.Sort(out)
	return out
}

func (r *Room) memberInfos() []MemberInfo {
	out := make([]MemberInfo, 0, len(r.members))
	for _, m := range r.members {
		out = append(out, m.info())
	}
	slices.SortFunc(out, func(a, b MemberInfo) int { return strings.Compare(a.Nick, b.Nick) })
	return out
}

func (r *Room) idleMembers(now time.Time, idleAfter time.Duration) []string {
	var out []string
	for nick, m := range r.members {
		if m.idleFor(now) > idleAfter {
			out = append(out, nick)
		}
	}
	slices.Sort(out)
	return out
}

func (r *Room) shutdown() {
	for nick, m := range r.members {
		delete(r.members, nick)
		m.sess.deliver(r.system(time.Now(), "Room closing"))
		n, _ := m.sess.close()
		r.stats.BytesOut += n
	}
}

// Join adds a member whose messages are written to w.
func (r *Room) Join(nick string, w io.Writer) (*Member, error) {
	if !ValidNick(nick) {
		return nil, ErrBadNick
	}
	req := joinReq{nick: nick, w: w, reply: make(chan joinResult, 1)}
	select {
	case r.joins <- req:
	case <-r.done:
		return nil, ErrClosed
	}
	res := <-req.reply
	return res.m, res.err
}

// Leave removes a member. It returns once the member's queue is flushed.
func (r *Room) Leave(nick string) error {
	ok, err := r.part(nick, "quit")
	if err != nil {
		return err
	}
	if !ok {
		return ErrNotMember
	}
	return nil
}

// Kick removes a member for the given reason and reports whether they were
// present.
func (r *Room) Kick(nick, reason string) bool {
	ok, _ := r.part(nick, reason)
	return ok
}

func (r *Room) part(nick, reason string) (bool, error) {
	req := leaveReq{nick: nick, reason: reason, reply: make(chan bool, 1)}
	select {
	case r.leaves <- req:
	case <-r.done:
		return false, ErrClosed
	}
	return <-req.reply, nil
}

// Say posts a line on behalf of nick.
func (r *Room) Say(nick, text string) error {
	text = strings.TrimSpace(text)
	if text == "" {
		return ErrEmpty
	}
	if r.cfg.MaxLine > 0 && len(text) > r.cfg.MaxLine {
		text = text[:r.cfg.MaxLine]
	}
	if !r.limiter.Allow(nick) {
		return ErrRateLimited
	}
	msg := Message{Room: r.name, From: nick, Kind: KindText, Text: text, At: time.Now()}
	select {
	case <-r.done:
		return ErrClosed
	default:
	}
	select {
	case r.inbox <- msg:
		return nil
	case <-r.done:
		return ErrClosed
	}
}

// Members returns the current members sorted by nick.
func (r *Room) Members() ([]MemberInfo, error) {
	reply := make(chan []MemberInfo, 1)
	select {
	case r.membersRq <- reply:
	case <-r.done:
		return nil, ErrClosed
	}
	return <-reply, nil
}

// History returns up to n of the most recent messages, oldest first. n <= 0
// returns everything retained.
func (r *Room) History(n int) ([]Message, error) {
	req := historyReq{n: n, reply: make(chan []Message, 1)}
	select {
	case r.historyRq <- req:
	case <-r.done:
		return nil, ErrClosed
	}
	return <-req.reply, nil
}

// Stats returns a copy of the room counters.
func (r *Room) Stats() (Stats, error) {
	reply := make(chan Stats, 1)
	select {
	case r.statsRq <- reply:
	case <-r.done:
		return Stats{}, ErrClosed
	}
	return <-reply, nil
}

// Close disconnects everyone and stops the room.
func (r *Room) Close() {
	r.closeOnce.Do(func() { close(r.quit) })
	<-r.done
}
