package sheet

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// ErrSyntax is returned for formulas that cannot be parsed.
var ErrSyntax = errors.New("sheet: syntax error")

// Expr is a parsed formula.
type Expr interface {
	refs(add func(Ref))
}

type (
	numExpr   struct{ v float64 }
	refExpr   struct{ ref Ref }
	rangeExpr struct{ rg Range }
	unaryExpr struct{ x Expr }
	binExpr   struct {
		op   byte
		l, r Expr
	}
	callExpr struct {
		name string
		args []Expr
	}
)

func (numExpr) refs(func(Ref))         {}
func (e refExpr) refs(add func(Ref))   { add(e.ref) }
func (e unaryExpr) refs(add func(Ref)) { e.x.refs(add) }
func (e binExpr) refs(add func(Ref))   { e.l.refs(add); e.r.refs(add) }
func (e rangeExpr) refs(add func(Ref)) {
	for _, r := range e.rg.Cells() {
		add(r)
	}
}
func (e callExpr) refs(add func(Ref)) {
	for _, a := range e.args {
		a.refs(add)
	}
}

// Dependencies lists the cells a formula reads.
func Dependencies(e Expr) []Ref {
	seen := make(map[Ref]bool)
	var out []Ref
	e.refs(func(r Ref) {
		if !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	})
	return out
}

type tokKind int

const (
	tokEOF tokKind = iota
	tokNum
	tokIdent
	tokOp
)

type token struct {
	kind tokKind
	text string
}

func tokenize(src string) ([]token, error) {
	var toks []token
	for i := 0; i < len(src); {
		c := rune(src[i])
		switch {
		case unicode.IsSpace(c):
			i++
		case unicode.IsDigit(c) || c == '.':
			j := i
			for j < len(src) && (unicode.IsDigit(rune(src[j])) || src[j] == '.') {
				j++
			}
			toks = append(toks, token{tokNum, src[i:j]})
			i = j
		case unicode.IsLetter(c):
			j := i
			for j < len(src) && (unicode.IsLetter(rune(src[j])) || unicode.IsDigit(rune(src[j]))) {
				j++
			}
			toks = append(toks, token{tokIdent, strings.ToUpper(src[i:j])})
			i = j
		case strings.ContainsRune("+-*/^(),:", c):
			toks = append(toks, token{tokOp, string(c)})
			i++
		default:
			return nil, fmt.Errorf("%w: unexpected %q", ErrSyntax, c)
		}
	}
	return append(toks, token{kind: tokEOF}), nil
}

type parser struct {
	toks []token
	pos  int
}

// Parse parses a formula. A leading '=' is optional.
func Parse(formula string) (Expr, error) {
	toks, err := tokenize(strings.TrimPrefix(strings.TrimSpace(formula), "="))
	if err != nil {
		return nil, err
	}
	p := &parser{toks: toks}
	e, err := p.expr()
	if err != nil {
		return nil, err
	}
	if p.peek().kind != tokEOF {
		return nil, fmt.Errorf("%w: trailing %q", ErrSyntax, p.peek().text)
	}
	return e, nil
}

func (p *parser) peek() token { return p.toks[p.pos] }

func (p *parser) next() token {
	t := p.toks[p.pos]
	if t.kind != tokEOF {
		p.pos++
	}
	return t
}

func (p *parser) accept(op string) bool {
	if t := p.peek(); t.kind == tokOp && t.text == op {
		p.pos++
		return true
	}
	return false
}

func (p *parser) expr() (Expr, error) {
	l, err := p.term()
	if err != nil {
		return nil, err
	}
	for {
		var op byte
		switch {
		case p.accept("+"):
			op = '+'
		case p.accept("-"):
			op = '-'
		default:
			return l, nil
		}
		r, err := p.term()
		if err != nil {
			return nil, err
		}
		l = binExpr{op, l, r}
	}
}

func (p *parser) term() (Expr, error) {
	l, err := p.unary()
	if err != nil {
		return nil, err
	}
	for {
		var op byte
		switch {
		case p.accept("*"):
			op = '*'
		case p.accept("/"):
			op = '/'
		default:
			return l, nil
		}
		r, err := p.unary()
		if err != nil {
			return nil, err
		}
		l = binExpr{op, l, r}
	}
}

func (p *parser) unary() (Expr, error) {
	if p.accept("-") {
		x, err := p.unary()
		if err != nil {
			return nil, err
		}
		return unaryExpr{x}, nil
	}
	base, err := p.primary()
	if err != nil {
		return nil, err
	}
	if p.accept("^") {
		exp, err := p.unary()
		if err != nil {
			return nil, err
		}
		return binExpr{'^', base, exp}, nil
	}
	return base, nil
}

func (p *parser) primary() (Expr, error) {
	t := p.next()
	switch t.kind {
	case tokNum:
		v, err := strconv.ParseFloat(t.text, 64)
		if err != nil {
			return nil, fmt.Errorf("%w: number %q", ErrSyntax, t.text)
		}
		return numExpr{v}, nil
	case tokIdent:
		if p.accept("(") {
			return p.call(t.text)
		}
		from, err := ParseRef(t.text)
		if err != nil {
			return nil, errors.Join(ErrSyntax, err)
		}
		if !p.accept(":") {
			return refExpr{from}, nil
		}
		to, err := ParseRef(p.next().text)
		if err != nil {
			return nil, errors.Join(ErrSyntax, err)
		}
		return rangeExpr{Range{from, to}}, nil
	case tokOp:
		if t.text == "(" {
			e, err := p.expr()
			if err != nil {
				return nil, err
			}
			if !p.accept(")") {
				return nil, fmt.Errorf("%w: missing )", ErrSyntax)
			}
			return e, nil
		}
	}
	return nil, fmt.Errorf("%w: unexpected %q", ErrSyntax, t.text)
}

func (p *parser) call(name string) (Expr, error) {
	c := callExpr{name: name}
	if p.accept(")") {
		return c, nil
	}
	for {
		a, err := p.expr()
		if err != nil {
			return nil, err
		}
		c.args = append(c.args, a)
		if p.accept(")") {
			return c, nil
		}
		if !p.accept(",") {
			return nil, fmt.Errorf("%w: expected , or ) in %s", ErrSyntax, name)
		}
	}
}
