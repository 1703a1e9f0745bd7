package bot

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// resolve checks a request's path and options against the command table the way Discord does (known names,
// types, choices, bounds, required options) and returns the leaf handler and options.
func (b *Bot) resolve(req *Request) (Handler, []*Option, error) {
	if len(req.Path) == 0 {
		return nil, nil, Errorf("core.err.unknown_command", "Name", "")
	}
	cmd := b.Lookup(req.Path[0])
	if cmd == nil {
		return nil, nil, Errorf("core.err.unknown_command", "Name", req.Path[0])
	}
	opts, handler := cmd.Options, cmd.Handler
	for i, name := range req.Path[1:] {
		o := FindOption(opts, name)
		if o == nil || (o.Type != SubCommand && o.Type != SubCommandGroup) {
			return nil, nil, Errorf("core.err.unknown_subcommand", "Name", name, "Command", strings.Join(req.Path[:i+1], " ")).About(req.Path[:i+1], "")
		}
		opts, handler = o.Options, o.Handler
	}
	if HasSub(opts) {
		e := Errorf("core.err.missing_subcommand", "Command", strings.Join(req.Path, " "), "Choices", strings.Join(subNames(opts), ", ")).About(req.Path, "")
		e.names.subs = subNames(opts)
		return nil, nil, e
	}
	if handler == nil {
		return nil, nil, Errorf("core.err.unknown_command", "Name", strings.Join(req.Path, " "))
	}
	req.Options = foldOptions(opts, req.Options) // optfold.go
	clean := make(map[string]any, len(req.Options))
	for name, v := range req.Options {
		o := FindOption(opts, name)
		if o == nil {
			e := Errorf("core.err.unknown_option", "Name", name, "Command", strings.Join(req.Path, " "), "Choices", strings.Join(optNames(opts), ", ")).About(req.Path, "")
			e.names.subs = optNames(opts)
			return nil, nil, e
		}
		if s, ok := v.(string); ok && len(o.Choices) > 0 {
			// a choice typed by its label in any language (the console; Discord sends the value)
			if c, ok := b.choice(append(slices.Clone(req.Path), o.Name), s); ok {
				v = c
			}
		}
		cv, err := coerce(o, v)
		if err != nil {
			return nil, nil, optionError(err, req.Path, o)
		}
		clean[name] = cv
	}
	if req.Kind != KindAutocomplete {
		for _, o := range opts {
			if _, ok := clean[o.Name]; o.Required && !ok {
				return nil, nil, Errorf("core.err.missing_option", "Name", o.Name, "Command", strings.Join(req.Path, " ")).About(req.Path, o.Name)
			}
		}
	}
	req.Options = clean
	return handler, opts, nil
}

// optionError names the option of a coerce error (and its choices) in the caller's language.
func optionError(err error, path []string, o *Option) error {
	e, ok := err.(*Error)
	if !ok {
		return err
	}
	e.About(path, o.Name)
	if e.Key == "core.err.bad_choice" {
		e.names.choices = o.Choices
	}
	return e
}

func subNames(opts []*Option) []string {
	var names []string
	for _, o := range opts {
		if o.Type == SubCommand || o.Type == SubCommandGroup {
			names = append(names, o.Name)
		}
	}
	return names
}

func optNames(opts []*Option) []string {
	var names []string
	for _, o := range opts {
		names = append(names, o.Name)
	}
	return names
}

// coerce turns a raw option value (a console string, or a JSON value from Discord) into the option's type and
// checks choices and bounds.
func coerce(o *Option, v any) (any, error) {
	switch o.Type {
	case String, User, Role, Attachment:
		s, ok := v.(string)
		if !ok {
			return nil, Errorf("core.err.bad_string", "Name", o.Name)
		}
		if !utf8.ValidString(s) {
			return nil, Errorf("core.err.bad_string", "Name", o.Name)
		}
		n := utf8.RuneCountInString(s)
		if o.MinLen > 0 && n < o.MinLen {
			return nil, Errorf("core.err.too_short", "Name", o.Name, "Min", o.MinLen)
		}
		max := o.MaxLen
		if max == 0 {
			max = 6000 // Discord's own cap on a string option
		}
		if n > max {
			return nil, Errorf("core.err.too_long", "Name", o.Name, "Max", max)
		}
		if len(o.Choices) > 0 {
			for _, c := range o.Choices {
				if strings.EqualFold(c, s) {
					return c, nil
				}
			}
			return nil, Errorf("core.err.bad_choice", "Name", o.Name, "Value", s, "Choices", strings.Join(o.Choices, ", "))
		}
		return s, nil
	case Integer:
		var n int64
		switch x := v.(type) {
		case int64:
			n = x
		case int:
			n = int64(x)
		case float64:
			if x != math.Trunc(x) || math.Abs(x) > 1<<53 {
				return nil, Errorf("core.err.bad_integer", "Name", o.Name, "Value", strconv.FormatFloat(x, 'g', -1, 64))
			}
			n = int64(x)
		case json.Number:
			i, err := x.Int64()
			if err != nil {
				return nil, Errorf("core.err.bad_integer", "Name", o.Name, "Value", x.String())
			}
			n = i
		case string:
			i, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64)
			if err != nil || i > 1<<53 || i < -(1<<53) {
				return nil, Errorf("core.err.bad_integer", "Name", o.Name, "Value", x)
			}
			n = i
		default:
			return nil, Errorf("core.err.bad_integer", "Name", o.Name, "Value", "?")
		}
		if err := checkBounds(o, float64(n)); err != nil {
			return nil, err
		}
		return n, nil
	case Number:
		var f float64
		switch x := v.(type) {
		case float64:
			f = x
		case int64:
			f = float64(x)
		case json.Number:
			g, err := x.Float64()
			if err != nil {
				return nil, Errorf("core.err.bad_number", "Name", o.Name, "Value", x.String())
			}
			f = g
		case string:
			g, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
			if err != nil {
				return nil, Errorf("core.err.bad_number", "Name", o.Name, "Value", x)
			}
			f = g
		default:
			return nil, Errorf("core.err.bad_number", "Name", o.Name, "Value", "?")
		}
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, Errorf("core.err.bad_number", "Name", o.Name, "Value", "NaN")
		}
		if err := checkBounds(o, f); err != nil {
			return nil, err
		}
		return f, nil
	case Boolean:
		switch x := v.(type) {
		case bool:
			return x, nil
		case string:
			switch strings.ToLower(strings.TrimSpace(x)) {
			case "true", "yes", "1", "on":
				return true, nil
			case "false", "no", "0", "off":
				return false, nil
			}
			return nil, Errorf("core.err.bad_boolean", "Name", o.Name, "Value", x)
		}
		return nil, Errorf("core.err.bad_boolean", "Name", o.Name, "Value", "?")
	}
	return nil, Errorf("core.err.unknown_option", "Name", o.Name, "Command", "", "Choices", "")
}

func checkBounds(o *Option, f float64) error {
	if o.Min != nil && f < *o.Min {
		return Errorf("core.err.too_small", "Name", o.Name, "Min", *o.Min)
	}
	if o.Max != nil && f > *o.Max {
		return Errorf("core.err.too_large", "Name", o.Name, "Max", *o.Max)
	}
	return nil
}
