package emulator

import (
	"errors"
	"strings"

	"github.com/hp17b/hp17b/solver"
)

// The equation editor of SOLVE's NEW and EDIT (17bII+ owner's manual,
// "Typing Words and Characters: the ALPHAbetic Menu" and "Editing
// ALPHAbetic Text"): a modal that takes every key, with the ALPHA menus
// (letter groups, OTHER's pages) and the ALPHA-Edit cursor menu.

// editState is an equation being typed (NEW) or edited (EDIT).
type editState struct {
	text   []rune
	cursor int
	index  int // the list entry edited, or -1 for a new equation
	// mark is where CALC found the equation invalid, in runes, or -1:
	// kept until the text next changes (EditView.Mark).
	mark int
	// commit, when set, takes the text instead of the SOLVE list (a
	// list's NAME); prompt is then the empty line's prompt and depth the
	// menu stack to return to.
	commit func(m *Machine, text string)
	prompt string
	depth  int
}

// startName opens the ALPHA editor on a name (CFLO's NAME): INPUT gives
// the text to commit, back in the menu that asked.
func (m *Machine) startName(text, prompt string, commit func(m *Machine, text string)) {
	m.entry, m.chain = "", nil
	m.modal = &editState{text: []rune(text), cursor: len([]rune(text)), index: -1, mark: -1,
		commit: commit, prompt: prompt, depth: len(m.menus)}
	m.pushMenu(alphaMenu{})
}

// newPrompt is the top line of NEW before anything is typed. The manual's
// stored page 154 keeps the display in an encoded font; decoded, it reads
// "TYPE EQUATION" then one mark and "[INPUT]", 22 characters in all, the
// display's width.
const newPrompt = "TYPE EQUATION; [INPUT]"

// startEdit opens the editor on text (nil for a new equation) in the ALPHA
// menu.
func (m *Machine) startEdit(text []rune, index int) {
	m.entry, m.chain = "", nil
	m.modal = &editState{text: text, cursor: len(text), index: index, mark: -1}
	m.pushMenu(alphaMenu{})
}

// editor returns the equation being typed, or nil.
func (m *Machine) editor() *editState {
	e, _ := m.modal.(*editState)
	return e
}

// editChars are the characters the keyboard's keys type into an equation.
var editChars = map[Key]string{KeyDot: ".", KeyAdd: "+", KeySub: "-", KeyMul: "×", KeyDiv: "÷",
	KeyLParen: "(", KeyRParen: ")", KeyEquals: "="}

func (e *editState) takeKey(m *Machine, k Key, shifted bool) bool {
	if shifted {
		switch k {
		case KeyMul:
			e.insert("^")
		case KeyChs:
			e.insert("E")
		case KeyEXIT: // MAIN abandons the entry
			m.modal = nil
			m.toMain()
		}
		return true
	}
	if d, ok := keyDigit(k); ok {
		e.insert(string(d))
		return true
	}
	if s, ok := editChars[k]; ok {
		e.insert(s)
		return true
	}
	switch k {
	case KeyBack:
		if e.cursor > 0 {
			e.text = append(e.text[:e.cursor-1], e.text[e.cursor:]...)
			e.cursor--
			e.mark = -1
		}
	case KeyCLR:
		e.text, e.cursor, e.mark = nil, 0, -1
	case KeyINPUT:
		m.commitEdit(e)
	case KeyEXIT:
		if x, ok := m.menu().(exiter); ok {
			x.exit(m)
		}
	case KeyF1, KeyF2, KeyF3, KeyF4, KeyF5, KeyF6:
		m.menu().press(m, int(k-KeyF1))
	}
	return true
}

// top is the part of the equation that shows, with the cursor in it.
func (e *editState) top(*Machine) (string, int) {
	if len(e.text) == 0 && e.index < 0 {
		// A new equation starts with the prompt (17bII+ owner's manual
		// p.154); the first character typed replaces it.
		if e.prompt != "" {
			return e.prompt, 0
		}
		return newPrompt, 0
	}
	start := max(0, e.cursor-(Width-1))
	end := min(len(e.text), start+Width)
	return string(e.text[start:end]), e.cursor - start
}

func (e *editState) insert(s string) {
	r := []rune(s)
	text := make([]rune, 0, len(e.text)+len(r))
	text = append(text, e.text[:e.cursor]...)
	text = append(text, r...)
	text = append(text, e.text[e.cursor:]...)
	e.text, e.cursor = text, e.cursor+len(r)
	e.mark = -1
}

// moveCursor moves the cursor, or deletes the character at it, as the
// ALPHA-Edit menu's keys do.
func (e *editState) moveCursor(move CursorMove) {
	switch move {
	case CursorLeft:
		e.cursor = max(e.cursor-1, 0)
	case CursorRight:
		e.cursor = min(e.cursor+1, len(e.text))
	case CursorHome:
		e.cursor = 0
	case CursorEnd:
		e.cursor = len(e.text)
	case CursorDelete:
		if e.cursor < len(e.text) {
			e.text = append(e.text[:e.cursor], e.text[e.cursor+1:]...)
			e.mark = -1
		}
	case CursorWordLeft:
		for e.cursor > 0 && !wordChar(e.text[e.cursor-1]) {
			e.cursor--
		}
		for e.cursor > 0 && wordChar(e.text[e.cursor-1]) {
			e.cursor--
		}
	case CursorWordRight:
		for e.cursor < len(e.text) && !wordChar(e.text[e.cursor]) {
			e.cursor++
		}
		for e.cursor < len(e.text) && wordChar(e.text[e.cursor]) {
			e.cursor++
		}
	}
}

// wordChar reports whether r belongs to a name or a number: a word of the
// word moves.
func wordChar(r rune) bool {
	return r != ' ' && !strings.ContainsRune("+-×÷^()<>=:", r)
}

// commitEdit stores the equation typed, in the calculator's spelling
// (solver.Canonical; as typed when that refuses it): a new one goes after
// the current entry, an edited one replaces it. The list does not check
// it: CALC does.
// One that would make the state larger than MaxStateWrite is refused
// (STATE FULL: 4 MB) and stays in the editor.
func (m *Machine) commitEdit(e *editState) {
	text := strings.TrimSpace(string(e.text))
	if e.commit == nil {
		if c, err := solver.Canonical(text); err == nil {
			text = c // the calculator's spelling: "L x W" is L×W
		}
	}
	if e.commit == nil && text != "" {
		var drop []string
		if e.index >= 0 {
			drop = m.solve.eqs[e.index : e.index+1]
		}
		if n := m.stateSize([]string{text}, drop); n > MaxStateWrite {
			m.errMsg(fullMessage, "", nil) // the editor stays open
			return
		}
	}
	m.modal = nil
	if e.commit != nil {
		m.menus = m.menus[:max(1, min(e.depth, len(m.menus)))]
		e.commit(m, text)
		return
	}
	for len(m.menus) > 1 {
		if _, ok := m.menu().(*solveMenu); ok {
			break
		}
		m.popMenu()
	}
	s := &m.solve
	switch {
	case e.index >= 0 && text == "":
		s.eqs = append(s.eqs[:e.index], s.eqs[e.index+1:]...)
		s.cur = max(0, min(s.cur, len(s.eqs)-1))
	case e.index >= 0:
		s.eqs[e.index] = text
	case text != "":
		at := 0
		if len(s.eqs) > 0 {
			at = s.cur + 1
		}
		s.eqs = append(s.eqs[:at], append([]string{text}, s.eqs[at:]...)...)
		s.cur = at
	}
}

// alphaMenu is ALPHA: the six letter groups. EXIT turns to ALPHA-Edit.
type alphaMenu struct{}

func (alphaMenu) labels(*Machine) [6]string {
	return [6]string{"ABCDE", "FGHI", "JKLM", "NOPQ", "RSTUV", "WXYZ"}
}

func (alphaMenu) press(m *Machine, i int) { m.pushMenu(alphaGroup(i)) }

func (alphaMenu) exit(m *Machine) { m.replaceMenu(cursorMenu{}) }

// alphaGroup is one group's letters; a letter types and returns to ALPHA.
type alphaGroup int

// alphaGroups are the ALPHA menu's letter groups (ABCDE FGHI JKLM NOPQ
// RSTUV WXYZ). FGHI's fifth key types a space (Emu42's keyboard map types a
// space that way on the real ROM); WXYZ's fifth key opens OTHER, whose pages
// hold the other characters, Σ second on the second page (W. B. Maguire,
// "HP-17BII Precision: Epsilon", HP forum, 24 Sep 2001: "[WXYZ][OTHER]
// [MORE], then the second button"). The rest of OTHER's order could not be
// read from the manual's stored pages: it holds what the Solver's names and
// conditions use.
var alphaGroups = [6][]string{
	{"A", "B", "C", "D", "E"},
	{"F", "G", "H", "I", "SPACE"},
	{"J", "K", "L", "M"},
	{"N", "O", "P", "Q"},
	{"R", "S", "T", "U", "V"},
	{"W", "X", "Y", "Z", "OTHER"},
}

// otherPages are OTHER's pages, five characters each; the sixth key is MORE,
// which turns to the next page (after the last, the first).
var otherPages = [][5]string{
	{":", "<", ">", "=", "#"},
	{"%", "Σ", "$", "~", "&"},
}

func (g alphaGroup) labels(*Machine) [6]string {
	var l [6]string
	copy(l[:], alphaGroups[g])
	return l
}

func (g alphaGroup) press(m *Machine, i int) {
	grp := alphaGroups[g]
	if i >= len(grp) {
		return
	}
	e := m.editor()
	switch s := grp[i]; s {
	case "OTHER":
		m.replaceMenu(&otherMenu{})
	case "SPACE":
		e.insert(" ")
		m.popMenu()
	default:
		e.insert(s)
		m.popMenu()
	}
}

func (alphaGroup) exit(m *Machine) { m.popMenu() }

// otherMenu is OTHER: a page of characters and MORE.
type otherMenu struct{ page int }

func (o *otherMenu) labels(*Machine) [6]string {
	var l [6]string
	copy(l[:], otherPages[o.page][:])
	l[5] = "MORE"
	return l
}

func (o *otherMenu) press(m *Machine, i int) {
	if i == 5 {
		o.page = (o.page + 1) % len(otherPages)
		return
	}
	m.editor().insert(otherPages[o.page][i])
	m.popMenu()
}

func (*otherMenu) exit(m *Machine) { m.popMenu() }

// cursorMenu is ALPHA-Edit: the cursor keys, DEL and ALPHA.
type cursorMenu struct{}

func (cursorMenu) labels(*Machine) [6]string {
	return [6]string{"|<-", "<-", "->", "->|", "DEL", "ALPHA"}
}

func (cursorMenu) press(m *Machine, i int) {
	if i == 5 {
		m.replaceMenu(alphaMenu{})
		return
	}
	moves := [5]CursorMove{CursorHome, CursorLeft, CursorRight, CursorEnd, CursorDelete}
	m.editor().moveCursor(moves[i])
}

func (cursorMenu) exit(m *Machine) { m.replaceMenu(alphaMenu{}) }

// TypeText types characters into the equation being entered or edited, as
// the PC keyboard and the ALPHA menus do. It is an error when no equation
// is being entered or edited.
func (m *Machine) TypeText(s string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.busy {
		return errors.New("the calculator is busy")
	}
	e := m.editor()
	if e == nil {
		return errors.New("text can only be typed while entering or editing an equation (SOLVE, then NEW or EDIT)")
	}
	m.refreshLocked()
	if err := checkTyped(s, len(string(e.text))); err != nil {
		return err
	}
	m.msg = [2]string{}
	if strings.HasPrefix(s, "*") && e.cursor > 0 && e.text[e.cursor-1] == '×' {
		// ** typed a key at a time is ^ as well.
		e.text = append(e.text[:e.cursor-1], e.text[e.cursor:]...)
		e.cursor--
		s = "^" + s[1:]
	}
	e.insert(typedGlyphs.Replace(s))
	m.saveLocked()
	return nil
}

// typedGlyphs turns what a PC keyboard types into the characters the
// calculator's keys type: ** is ^, * and / are × and ÷, ≠ ≤ ≥ are <> <= >=, the
// minus sign U+2212 is - and ∑ is Σ. The rest of the ASCII spellings
// (solver.Canonical: ** "L x W" SUM() are read when the equation is
// stored.
var typedGlyphs = strings.NewReplacer("**", "^", "*", "×", "/", "÷", "≠", "<>", "≤", "<=", "≥", ">=", "−", "-", "∑", "Σ")
