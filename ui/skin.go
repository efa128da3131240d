package ui

import (
	_ "embed"
	"fmt"
	"image/color"
	"strconv"
	"strings"
	"sync"

	"github.com/hp17b/hp17b/internal/files"
)

// Skin is how the calculator's face looks: its colours, the keys' geometry
// and the scale of the key labels' type. A skin file sets any of them (see
// ParseSkin); the built-in face (DefaultSkin, the dark HP-17BII) gives the
// rest. Geometry is in layout units (pixels at scale 1).
type Skin struct {
	// Name names the skin ("dark", "light").
	Name string
	// Background is the window around the calculator; Case the upper,
	// display part of the body and CaseLower its keyboard part (the
	// two-tone case); Bezel the frame around the LCD's glass.
	Background, Case, CaseLower, Bezel color.RGBA
	// Glass is the LCD's glass, DotOn a dark dot. DotOff is an unlit dot,
	// drawn as a faint grid where dots have a gap between them (a pitch of
	// 3 pixels or more); NoDotOff leaves unlit dots invisible.
	Glass, DotOn, DotOff color.RGBA
	NoDotOff             bool
	// Key, MenuKey and ShiftKey are the keys' faces; KeyLabel the printed
	// labels on them, Gold the shifted labels above them, Lower the lower
	// labels below (ENTER, ON), Model the model's name (on the bezel).
	Key, MenuKey, ShiftKey, KeyLabel, Gold, Lower, Model color.RGBA
	// KeyHeight, MenuKeyHeight, KeyGap and RowPitch place the keys (see
	// NewSkinLayout); Bevel is the depth of a key's edge and Radius its
	// corners' radius.
	KeyHeight, MenuKeyHeight, KeyGap, RowPitch, Bevel, Radius float64
	// FontScale scales the key labels' type (1 is 13 points on a key, 9
	// above it).
	FontScale float64
}

//go:embed skins/dark.skin
var darkSkin string

//go:embed skins/light.skin
var lightSkin string

// DefaultSkin is the built-in face: the dark HP-17BII (skins/dark.skin),
// a copy the caller may change.
func DefaultSkin() *Skin {
	s := *defaultSkin()
	return &s
}

var defaultSkin = sync.OnceValue(func() *Skin {
	s := &Skin{}
	if err := parseSkin(s, "dark.skin", darkSkin); err != nil {
		panic(err) // embedded; TestSkins parses it
	}
	return s
})

// LightSkin is the built-in light variant (skins/light.skin over the
// default).
func LightSkin() *Skin {
	s, err := ParseSkin("light.skin", lightSkin, nil)
	if err != nil {
		panic(err) // embedded; TestSkins parses it
	}
	return s
}

// LoadSkin gives the skin named by --skin: "" or "dark" the built-in dark
// face, "light" the built-in light one, anything else a skin file's path,
// read and parsed over the dark face (a bad line is a *SkinError; a file
// that cannot be read, or is larger than 64 KiB, an error saying so).
func LoadSkin(name string) (*Skin, error) {
	switch name {
	case "", "dark":
		return DefaultSkin(), nil
	case "light":
		return LightSkin(), nil
	}
	b, err := files.ReadRegular(name, 64<<10)
	if err != nil {
		return nil, err
	}
	return ParseSkin(name, string(b), nil)
}

// SkinError is a bad line of a skin file: the file, the line (from 1; 0
// for the file as a whole) and what is wrong.
type SkinError struct {
	File string
	Line int
	Msg  string
}

// Error gives "file:line: what is wrong" ("file: ..." for the whole file).
func (e *SkinError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// ParseSkin reads a skin file: one setting a line, "name = value", and
// lines starting with '#' are comments. Colours are #rrggbb (or "none"
// for dot-off), sizes are numbers of layout units. Settings not given keep
// base's (the built-in dark face when base is nil). A bad line is a
// *SkinError naming it.
//
//	name = dark
//	case = #2b2825
//	key-height = 36
func ParseSkin(file, src string, base *Skin) (*Skin, error) {
	if base == nil {
		base = DefaultSkin()
	}
	s := &Skin{}
	*s = *base
	if err := parseSkin(s, file, src); err != nil {
		return nil, err
	}
	return s, nil
}

// parseSkin sets s from the skin file's lines.
func parseSkin(s *Skin, file, src string) error {
	colours := map[string]*color.RGBA{
		"background": &s.Background, "case": &s.Case, "case-lower": &s.CaseLower, "bezel": &s.Bezel,
		"glass": &s.Glass, "dot-on": &s.DotOn, "dot-off": &s.DotOff,
		"key": &s.Key, "menu-key": &s.MenuKey, "shift-key": &s.ShiftKey, "key-label": &s.KeyLabel,
		"gold": &s.Gold, "lower-label": &s.Lower, "model": &s.Model,
	}
	sizes := map[string]struct {
		v        *float64
		min, max float64
	}{
		"key-height": {&s.KeyHeight, 16, 40}, "menu-key-height": {&s.MenuKeyHeight, 12, 40},
		"key-gap": {&s.KeyGap, 2, 20}, "row-pitch": {&s.RowPitch, 44, 60},
		"bevel": {&s.Bevel, 0, 8}, "radius": {&s.Radius, 0, 12}, "font-scale": {&s.FontScale, 0.5, 1.5},
	}
	for i, line := range strings.Split(src, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		bad := func(format string, a ...any) error {
			return &SkinError{File: file, Line: i + 1, Msg: fmt.Sprintf(format, a...)}
		}
		name, value, ok := strings.Cut(line, "=")
		if !ok {
			return bad("want name = value")
		}
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		if name == "name" {
			s.Name = value
			continue
		}
		if c, ok := colours[name]; ok {
			if name == "dot-off" && value == "none" {
				s.NoDotOff = true
				continue
			}
			v, err := parseColour(value)
			if err != nil {
				return bad("%s: %v", name, err)
			}
			*c = v
			if name == "dot-off" {
				s.NoDotOff = false
			}
			continue
		}
		if sz, ok := sizes[name]; ok {
			v, err := strconv.ParseFloat(value, 64)
			if err != nil || !(v >= sz.min && v <= sz.max) {
				return bad("%s: want a number from %g to %g, not %q", name, sz.min, sz.max, value)
			}
			*sz.v = v
			continue
		}
		return bad("unknown setting %q (see the built-in skins in ui/skins)", name)
	}
	if s.MenuKeyHeight > s.RowPitch-20 || s.KeyHeight > s.RowPitch-20 {
		return &SkinError{File: file, Msg: "keys taller than row-pitch less 20 leave no room for the gold labels"}
	}
	return nil
}

// parseColour reads #rrggbb.
func parseColour(s string) (color.RGBA, error) {
	if len(s) != 7 || s[0] != '#' {
		return color.RGBA{}, fmt.Errorf("want a colour #rrggbb, not %q", s)
	}
	v, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil {
		return color.RGBA{}, fmt.Errorf("want a colour #rrggbb, not %q", s)
	}
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}, nil
}
