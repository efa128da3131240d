package ui

// TextBox is where lines of the heaps panel's text go, layout units: each
// line centred on X (the box's middle, W wide), the first line's middle
// at Y and the next ones Step below, at Size points; lines are wrapped at
// Chars characters, or, when Chars is 0, at the width W measured at the
// size drawn; at most Max lines are drawn (0: any number).
type TextBox struct {
	X, Y, W, Step, Size float64
	Chars, Max          int
}

// PanelPlaces is where the heaps panel (and the print-out panel in its
// place) draws its parts, layout units: a pure function of the layout
// (Layout.PanelPlaces), so that a test measures them without a window.
// The desktop's figures are the window's since the panel was drawn
// (docs/window.md); Wide is the panel laid out for a phone on its side
// (PhoneLayout): one row of buttons, the text at the phone's size.
type PanelPlaces struct {
	// Wide is set for the panel of a phone on its side (336 × 270 units,
	// wider than tall): its lines wrap at their width, its matches' targets
	// take their rows' whole height.
	Wide bool
	// Title is the game's name; Rule its rule, whose first line follows
	// the title's last (RuleY).
	Title, Rule TextBox
	// HeapTop is the first heap's top and RowStep the distance between
	// heaps of a game of four heaps or fewer; ManyTop and ManyH the area
	// more heaps share. MatchX is the first match's left edge and LabelX
	// the middle of a heap's name, from the panel's left edge; LabelSize
	// the names' size (more than six heaps: LabelSmall).
	HeapTop, RowStep, ManyTop, ManyH float64
	MatchX, LabelX                   float64
	LabelSize, LabelSmall            float64
	// Status is what the panel says (the last move's answer, the hint);
	// StatusStart its most lines before any move is made, when Moves
	// (the last moves, at most Moves.Max) is empty.
	Status      TextBox
	StatusStart int
	Moves       TextBox
	// WhyGap is the space kept above the buttons for the why view, which
	// takes the heaps' place (WhyTop).
	WhyGap float64
	// Idle is the panel's text when no game program is current.
	Idle TextBox
	// Paper is the print-out's sheet, showing PaperRows lines PaperStep
	// apart (the newest of those in view), PaperHead its header and
	// PaperStatus what Save or Clear said.
	Paper                  Rect
	PaperRows              int
	PaperStep              float64
	PaperHead, PaperStatus TextBox
}

// Sizes of the panel on a phone on its side (PhoneLayout), layout units:
// its width and height, drawn at about 1.40 × at 844 × 390 CSS pixels
// (471 × 378), the distance between heaps (44.8 CSS pixels there) and the
// buttons' height (the same).
const (
	WidePanelW  = 336.0
	WidePanelH  = 270.0
	wideRowStep = 32.0
	wideButtonH = 32.0
	widePad     = 8.0
	// wideCorner is what the page's menu button (26 CSS pixels from
	// the page's bottom right corner, less the 6 of the margin: 20 pixels,
	// 14.3 units at 1.40 ×; 16 at a small phone's 1.29 ×) takes of the
	// width of the lines under the buttons, at each end (they are centred).
	wideCorner = 16.0
)

// PanelPlaces returns the places of the heaps panel's parts (see
// PanelPlaces) for l's panel; zero when the panel is hidden.
func (l Layout) PanelPlaces() PanelPlaces {
	if l.Panel.W == 0 {
		return PanelPlaces{}
	}
	x, cx, w := l.Panel.X, l.Panel.X+l.Panel.W/2, l.Panel.W
	if l.wide {
		in := w - 2*widePad
		// The lines PhoneText pixels apart and more: 14 pixels are 10
		// units at 1.40 ×, 10.9 at a small phone's 1.29 ×.
		step := 12.5
		if s := l.phone.Panel.Scale; s > 0 {
			step = max(step, 1.2*PhoneText/s)
		}
		paperTop := 24.0
		rows := int((l.PaperClear.Y - 20 - paperTop - 16) / 17)
		return PanelPlaces{
			Wide:    true,
			Title:   TextBox{X: cx, Y: 12, W: in, Step: 16, Size: 13, Max: 1},
			Rule:    TextBox{X: cx, W: in, Step: step, Size: 10, Max: 2},
			HeapTop: 52, RowStep: wideRowStep, ManyTop: 52, ManyH: 4 * wideRowStep,
			// The matches of seven or fewer a heap centred, their names
			// 25 units left of the first.
			MatchX: (w - (6*l.matchStep + 12)) / 2, LabelX: (w-(6*l.matchStep+12))/2 - 25,
			LabelSize: 16, LabelSmall: 12,
			// Under the buttons the lines keep clear of the page's own menu
			// button (26 pixels, 6 from the bottom right corner).
			Status:      TextBox{X: cx, Y: l.Undo.Y + wideButtonH + 8, W: in - 2*wideCorner, Step: step, Size: 10, Max: 2},
			StatusStart: 4,
			Moves:       TextBox{X: cx, Y: l.Undo.Y + wideButtonH + 8 + 2*step, W: in - 2*wideCorner, Step: step, Size: 10, Max: 2},
			WhyGap:      6,
			Idle:        TextBox{X: cx, Y: 60, W: in, Step: 18, Size: 12, Chars: 34},
			Paper:       Rect{x + 20, paperTop, w - 40, float64(rows)*17 + 16},
			PaperRows:   rows, PaperStep: 17,
			PaperHead:   TextBox{X: cx, Y: 12, W: in, Step: 14, Size: 12, Max: 1},
			PaperStatus: TextBox{X: cx, Y: l.PaperClear.Y - 9, W: in, Step: 13, Size: 11, Max: 1},
		}
	}
	return PanelPlaces{
		Title:   TextBox{X: cx, Y: 28, W: w, Step: 18, Size: 13, Chars: 30},
		Rule:    TextBox{X: cx, W: w, Step: 13, Size: 10, Chars: 44},
		HeapTop: 90, RowStep: 80, ManyTop: 84, ManyH: 290,
		MatchX: 50, LabelX: 25, LabelSize: 16, LabelSmall: 12,
		Status:      TextBox{X: cx, Y: 470, W: w, Step: 14, Size: 11, Chars: 40, Max: 3},
		StatusStart: 5,
		Moves:       TextBox{X: cx, Y: 514, W: w, Step: 13, Size: 10, Max: 2},
		WhyGap:      8,
		Idle:        TextBox{X: cx, Y: 200, W: w, Step: 18, Size: 12, Chars: 34},
		Paper:       Rect{x + 20, 36, w - 40, float64(PaperLines)*17 + 16},
		PaperRows:   PaperLines, PaperStep: 17,
		PaperHead:   TextBox{X: cx, Y: 18, W: w, Step: 14, Size: 12},
		PaperStatus: TextBox{X: cx, Y: l.PaperClear.Y - 24, W: w, Step: 14, Size: 11, Chars: 36},
	}
}

// RuleY is the middle of the rule's first line under a title of
// titleLines lines.
func (p PanelPlaces) RuleY(titleLines int) float64 {
	return p.Title.Y + float64(titleLines)*p.Title.Step
}

// WhyTop is the top of the why view under a title of titleLines lines
// and a rule of ruleLines: on the desktop below the rule, on a phone on
// its side (Wide) below the title, the rule not drawn while it shows.
func (p PanelPlaces) WhyTop(titleLines, ruleLines int) float64 {
	if p.Wide {
		ruleLines = 0
	}
	return p.RuleY(titleLines) + float64(ruleLines)*p.Rule.Step + 6
}

// placeWidePanel puts the heaps panel laid out for a phone on its side
// (WidePanelW × WidePanelH units) with its left edge at x: its five
// buttons in one row under the heaps, wideButtonH tall (Undo, New Game,
// Redo, Hint, Why), the print-out's Clear and Save at the bottom.
func (l *Layout) placeWidePanel(x float64) {
	l.wide = true
	l.Panel = Rect{x, 0, WidePanelW, WidePanelH}
	y := 52 + 4*wideRowStep + 4
	at := x + widePad
	for _, b := range []struct {
		r *Rect
		w float64
	}{{&l.Undo, 56}, {&l.NewGame, 80}, {&l.Redo, 56}, {&l.Hint, 56}, {&l.Why, 56}} {
		*b.r = Rect{at, y, b.w, wideButtonH}
		at += b.w + 4
	}
	by := WidePanelH - wideButtonH - 4
	l.PaperClear = Rect{x + 30, by, 120, wideButtonH}
	l.PaperSave = Rect{x + WidePanelW - 150, by, 120, wideButtonH}
}
