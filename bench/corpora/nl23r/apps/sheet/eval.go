package sheet

import (
	"errors"
	"fmt"
	"math"
)

// Evaluation errors, shown in cells the way spreadsheets do.
var (
	ErrDivZero = errors.New("#DIV/0!")
	ErrCycle   = errors.New("#CYCLE!")
	ErrName    = errors.New("#NAME?")
	ErrValue   = errors.New("#VALUE!")
)

// Func is a spreadsheet function. Ranges are passed flattened.
type Func func(args []float64) (float64, error)

var builtins = map[string]Func{
	"SUM": func(xs []float64) (float64, error) {
		s := 0.0
		for _, x := range xs {
			s += x
		}
		return s, nil
	},
	"AVERAGE": func(xs []float64) (float64, error) {
		if len(xs) == 0 {
			return 0, ErrDivZero
		}
		s := 0.0
		for _, x := range xs {
			s += x
		}
		return s / float64(len(xs)), nil
	},
	"MIN": func(xs []float64) (float64, error) {
		if len(xs) == 0 {
			return 0, nil
		}
		m := xs[0]
		for _, x := range xs[1:] {
			m = math.Min(m, x)
		}
		return m, nil
	},
	"MAX": func(xs []float64) (float64, error) {
		if len(xs) == 0 {
			return 0, nil
		}
		m := xs[0]
		for _, x := range xs[1:] {
			m = math.Max(m, x)
		}
		return m, nil
	},
	"ABS": func(xs []float64) (float64, error) {
		if len(xs) != 1 {
			return 0, ErrValue
		}
		return math.Abs(xs[0]), nil
	},
	"ROUND": func(xs []float64) (float64, error) {
		if len(xs) != 2 {
			return 0, ErrValue
		}
		p := math.Pow(10, xs[1])
		return math.Round(xs[0]*p) / p, nil
	},
}

// valuer resolves the value of a referenced cell.
type valuer func(Ref) (float64, error)

type evaluator struct {
	funcs map[string]Func
	value valuer
}

func (ev evaluator) eval(e Expr) (float64, error) {
	switch e := e.(type) {
	case numExpr:
		return e.v, nil
	case refExpr:
		return ev.value(e.ref)
	case unaryExpr:
		v, err := ev.eval(e.x)
		return -v, err
	case binExpr:
		return ev.binary(e)
	case callExpr:
		return ev.call(e)
	case rangeExpr:
		return 0, fmt.Errorf("%w: range outside a function", ErrValue)
	}
	return 0, ErrValue
}

func (ev evaluator) binary(e binExpr) (float64, error) {
	l, err := ev.eval(e.l)
	if err != nil {
		return 0, err
	}
	r, err := ev.eval(e.r)
	if err != nil {
		return 0, err
	}
	switch e.op {
	case '+':
		return l + r, nil
	case '-':
		return l - r, nil
	case '*':
		return l * r, nil
	case '/':
		if r == 0 {
			return 0, ErrDivZero
		}
		return l / r, nil
	case '^':
		return math.Pow(l, r), nil
	}
	return 0, ErrValue
}

func (ev evaluator) call(e callExpr) (float64, error) {
	fn, ok := ev.funcs[e.name]
	if !ok {
		fn, ok = builtins[e.name]
	}
	if !ok {
		return 0, fmt.Errorf("%w: %s", ErrName, e.name)
	}
	var args []float64
	for _, a := range e.args {
		if rg, ok := a.(rangeExpr); ok {
			for _, r := range rg.rg.Cells() {
				v, err := ev.value(r)
				if err != nil {
					return 0, err
				}
				args = append(args, v)
			}
			continue
		}
		v, err := ev.eval(a)
		if err != nil {
			return 0, err
		}
		args = append(args, v)
	}
	return fn(args)
}
