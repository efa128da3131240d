package emulator

import (
	"context"
	"math/rand/v2"
	"strings"
	"sync"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
)

// menuID names a menu.
type menuID int

const (
	menuMain menuID = iota
	menuSolve
	menuVars
	menuDSP
	menuModes
	menuMath
	menuAlpha    // letter groups while entering an equation
	menuAlphaSub // one group's letters
	menuOther    // the ALPHA menu's other characters, in pages
	menuCursor   // moving the cursor in an equation
	menuConfirm  // a YES/NO question
)

// level is one level of ALG chain arithmetic: a pending operation (op 0 for
// none) on an accumulated value; each open parenthesis adds a level.
type level struct {
	acc hp17b.Number
	op  byte // '+', '-', '*', '/', '^' or 0
}

// prefix is a pending STO or RCL, with storage arithmetic.
type prefix struct {
	sto, rcl bool
	op       byte // STO + − × ÷
}

// editState is an equation being typed (NEW) or edited (EDIT).
type editState struct {
	text   []rune
	cursor int
	index  int // the list entry edited, or -1 for a new equation
	group  int // the ALPHA group open in menuAlphaSub
	other  int // the page of menuOther shown
}

// calcState is the current equation after CALC: its solver and menu.
type calcState struct {
	eq   *solver.Equation
	s    *solver.Solver
	page int
}

// confirmState is a pending YES/NO question.
type confirmState struct {
	question string
	yes, no  func()
}

// Machine is the calculator. Its methods are safe to call from several
// goroutines: a solve in progress releases the machine's lock, so Frame and
// Interrupt work while Press is still running.
type Machine struct {
	mu sync.Mutex

	// Continuous memory.
	eqs  []string
	cur  int
	vars *solver.Vars
	regs [10]hp17b.Number
	mode hp17b.Mode
	beep bool

	// The calculator line.
	x     hp17b.Number
	entry string // the number being typed, "" when none
	fresh bool   // x is new since the last menu-key store or solve
	chain []level
	last  hp17b.Number
	shift bool
	pre   prefix

	menus   []menuID
	msg     [2]string // a message: top line, and second line in place of the labels
	onClear func()    // what CLR or ← shows after the message
	show    string    // SHOW's full-precision line, until the next key

	calc    *calcState
	edit    *editState
	confirm *confirmState
	dspFix  string // DSP FIX: the digits typed so far
	waitFix bool   // DSP FIX is waiting for its digits and INPUT

	busy     bool
	cancel   context.CancelFunc
	progress [2]string

	rng *rand.Rand

	// InterruptAfter, when positive, makes a search stop after that many
	// progress reports, as a key pressed during it would (for scripts and
	// tests).
	InterruptAfter int

	store  *stateStore
	window *WindowPlace // where the window was (state, not memory)
}

// New returns a fresh calculator: FIX 2, period radix, registers and
// variables zero, and the default programs (NIM first) in the SOLVE list.
func New() *Machine {
	m := &Machine{vars: solver.NewVars(), mode: hp17b.DefaultMode, beep: true,
		menus: []menuID{menuMain}, rng: rand.New(rand.NewPCG(1, 2))}
	for _, p := range programs.All() {
		if p.Default {
			m.eqs = append(m.eqs, Flatten(p.Text()))
		}
	}
	return m
}

// Flatten turns an equation's text into the calculator's single line:
// line breaks and runs of spaces (Unicode ones too) vanish, except that one
// space is kept where removing it would join two names or numbers.
func Flatten(src string) string {
	var b strings.Builder
	pendingSpace := false
	isWord := func(r rune) bool {
		return !strings.ContainsRune(" +-−×÷*/^()<>=:≤≥≠", r) && !isSpace(r)
	}
	var prev rune
	for _, r := range src {
		if isSpace(r) {
			pendingSpace = b.Len() > 0
			continue
		}
		if pendingSpace && isWord(prev) && isWord(r) {
			b.WriteRune(' ')
		}
		pendingSpace = false
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}

func isSpace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u200b', '\ufeff', '\u202f', '\u205f', '\u3000':
		return true
	}
	return r >= '\u2000' && r <= '\u200a'
}

func (m *Machine) menu() menuID { return m.menus[len(m.menus)-1] }

func (m *Machine) pushMenu(id menuID) { m.menus = append(m.menus, id) }

func (m *Machine) popMenu() {
	if len(m.menus) > 1 {
		m.menus = m.menus[:len(m.menus)-1]
	}
}

// Vars returns the Solver variables. Use it only while no key is being
// processed.
func (m *Machine) Vars() *solver.Vars { return m.vars }

// Equations returns the SOLVE list's texts and the current index.
func (m *Machine) Equations() ([]string, int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.eqs...), m.cur
}

// CurrentEquation returns the equation whose variable menu is showing
// (after CALC), or nil.
func (m *Machine) CurrentEquation() *solver.Equation {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.calc == nil || m.menu() != menuVars {
		return nil
	}
	return m.calc.eq
}

// Editing reports whether an equation is being entered or edited, when
// typed characters go into it.
func (m *Machine) Editing() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.edit != nil
}

// InVarMenu reports whether the variable menu of eq's text is showing.
func (m *Machine) InVarMenu(text string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.calc != nil && m.menu() == menuVars && len(m.eqs) > m.cur && m.eqs[m.cur] == text
}

// Mode returns the display mode.
func (m *Machine) Mode() hp17b.Mode {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.mode
}

// Busy reports whether the Solver is working (a key then interrupts it).
func (m *Machine) Busy() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.busy
}

// Interrupt halts a search in progress, as any key does on the calculator.
func (m *Machine) Interrupt() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.cancel != nil {
		m.cancel()
	}
}

// Message shows a message on the top line until the next key, as the
// calculator does for its reports (used for loads and state recovery).
func (m *Machine) Message(s string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.setMsg(s, "", nil)
}

// setMsg shows a message; onClear, when set, is what CLR or ← shows.
func (m *Machine) setMsg(top, bottom string, onClear func()) {
	m.msg = [2]string{fit(top), fit(bottom)}
	m.onClear = onClear
}

// varLine is "NAME=value" in the display mode. When it is wider than the
// display, the number loses decimals (FIX) or mantissa digits (ALL and
// scientific notation) until it fits, as the 12-digit field does.
func (m *Machine) varLine(name string, v hp17b.Number) string {
	s := name + "=" + hp17b.Format(v, m.mode)
	for d := hp17b.Digits - 1; len([]rune(s)) > Width && d >= 0; d-- {
		s = name + "=" + hp17b.Format(v, hp17b.Mode{Fix: d, Comma: m.mode.Comma})
	}
	return fit(s)
}

// Frame returns what the display shows now.
func (m *Machine) Frame() Frame {
	m.mu.Lock()
	defer m.mu.Unlock()
	f := Frame{Cursor: -1, Shift: m.shift, Busy: m.busy}
	f.Labels = m.labels()
	switch {
	case m.busy:
		f.Top, f.Bottom = m.progress[0], m.progress[1]
		if f.Top == "" {
			f.Top = hp17b.MsgCalculating
		}
	case m.confirm != nil:
		f.Top = fit(m.confirm.question)
	case m.msg[0] != "":
		f.Top, f.Bottom = m.msg[0], m.msg[1]
	case m.edit != nil:
		f.Top, f.Cursor = m.editWindow()
	case m.show != "":
		f.Top = m.show
	case m.waitFix:
		f.Top = "FIX " + m.dspFix + "_"
	case m.menu() == menuSolve && m.entry == "" && len(m.chain) == 0 && m.pre == (prefix{}):
		f.Top = m.listLine()
	default:
		f.Top = m.calcLine()
	}
	return f
}

// calcLine is the calculator line: the pending chain and the number typed
// or the current value.
func (m *Machine) calcLine() string {
	var b strings.Builder
	for i, l := range m.chain {
		if i > 0 {
			b.WriteString("(")
		}
		if l.op != 0 {
			b.WriteString(hp17b.Format(l.acc, m.mode))
			b.WriteString(opSymbol(l.op))
		}
	}
	pending := b.Len() > 0
	switch {
	case m.entry != "":
		b.WriteString(m.entryText())
	case !pending || !m.lastWasOp():
		b.WriteString(hp17b.Format(m.x, m.mode))
	}
	prefix := ""
	if m.pre.sto {
		prefix = "STO" + opSymbol(m.pre.op) + " "
	} else if m.pre.rcl {
		prefix = "RCL "
	}
	return fitRight(prefix + b.String())
}

// lastWasOp reports whether the chain ends in an operator or '(' with no
// operand typed after it.
func (m *Machine) lastWasOp() bool {
	if len(m.chain) == 0 {
		return false
	}
	top := m.chain[len(m.chain)-1]
	return (top.op != 0 || len(m.chain) > 1) && !m.fresh
}

func opSymbol(op byte) string {
	switch op {
	case '+':
		return "+"
	case '-':
		return "-"
	case '*':
		return "×"
	case '/':
		return "÷"
	case '^':
		return "^"
	}
	return ""
}

// entryText shows the number being typed, grouped like results.
func (m *Machine) entryText() string {
	e := m.entry
	neg := strings.HasPrefix(e, "-")
	e = strings.TrimPrefix(e, "-")
	mant, exp, hasExp := strings.Cut(e, "E")
	ip, fp, hasPoint := strings.Cut(mant, ".")
	if ip == "" && hasPoint {
		ip = "0"
	}
	s := hp17b.Group(ip)
	if hasPoint {
		s += "." + fp
	}
	if hasExp {
		s += "E" + exp
	}
	if neg {
		s = "-" + s
	}
	return hp17b.Localize(s, m.mode)
}

// labels gives the current menu's six labels.
func (m *Machine) labels() [6]string {
	switch m.menu() {
	case menuMain:
		return [6]string{"", "", "", "", "SOLVE", ""}
	case menuSolve:
		return [6]string{"CALC", "EDIT", "DELET", "NEW", "", ""}
	case menuVars:
		return m.varLabels()
	case menuDSP:
		return [6]string{"FIX", "ALL", "", "", "", ""}
	case menuModes:
		return [6]string{"BEEP", ".", ",", "", "", ""}
	case menuMath:
		return [6]string{"LOG", "10^X", "LN", "EXP", "N!", "RAN#"}
	case menuAlpha:
		return [6]string{"ABCDE", "FGHI", "JKLM", "NOPQ", "RSTUV", "WXYZ"}
	case menuAlphaSub:
		var l [6]string
		copy(l[:], alphaGroups[m.edit.group])
		return l
	case menuOther:
		var l [6]string
		copy(l[:], otherPages[m.edit.other][:])
		l[5] = "MORE"
		return l
	case menuCursor:
		return [6]string{"|<-", "<-", "->", "->|", "DEL", "ALPHA"}
	case menuConfirm:
		return [6]string{"YES", "", "", "", "", "NO"}
	}
	return [6]string{}
}

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

// Press processes one key, as the calculator does. A solve runs to its end
// (or until Interrupt) before Press returns.
func (m *Machine) Press(k Key) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if k < 0 || k >= NumKeys {
		return
	}
	if m.busy {
		// Any key halts the search (hp17b-facts §8).
		if m.cancel != nil {
			m.cancel()
		}
		return
	}
	if k == KeyShift {
		m.shift = !m.shift
		return
	}
	shifted := m.shift
	m.shift = false
	m.show = ""
	m.dispatch(k, shifted)
	m.saveLocked()
}

func (m *Machine) dispatch(k Key, shifted bool) {
	// A message stays until the next key; CLR and ← only clear it.
	if m.msg[0] != "" {
		m.msg = [2]string{}
		onClear := m.onClear
		m.onClear = nil
		if k == KeyCLR || k == KeyBack {
			if onClear != nil {
				onClear()
			}
			return
		}
	}
	if m.confirm != nil {
		m.confirmKey(k)
		return
	}
	if m.edit != nil {
		m.editKey(k, shifted)
		return
	}
	if m.waitFix {
		m.fixKey(k)
		return
	}
	if (m.pre.sto || m.pre.rcl) && !shifted && m.prefixKey(k) {
		return
	}
	if shifted {
		m.shiftedKey(k)
		return
	}
	if d, ok := keyDigit(k); ok {
		m.typeChar(d)
		return
	}
	switch k {
	case KeyF1, KeyF2, KeyF3, KeyF4, KeyF5, KeyF6:
		m.menuKey(int(k - KeyF1))
	case KeyDot:
		m.typeChar('.')
	case KeyChs:
		m.changeSign()
	case KeyBack:
		m.backspace()
	case KeyCLR:
		m.entry, m.x, m.chain, m.pre, m.fresh = "", hp17b.Zero, nil, prefix{}, true
	case KeySub, KeyAdd:
		if strings.HasSuffix(m.entry, "E") || strings.HasSuffix(m.entry, "E-") {
			// After E the − key gives the exponent its sign.
			if k == KeySub {
				m.changeSign()
			}
			return
		}
		m.operator(map[Key]byte{KeyAdd: '+', KeySub: '-'}[k])
	case KeyMul, KeyDiv:
		m.operator(map[Key]byte{KeyAdd: '+', KeySub: '-', KeyMul: '*', KeyDiv: '/'}[k])
	case KeyEquals:
		m.equals()
	case KeyPercent:
		m.percent()
	case KeyLParen:
		m.finishEntry()
		m.ensureChain()
		m.chain = append(m.chain, level{})
		m.fresh = false
	case KeyRParen:
		m.closeParen()
	case KeySTO:
		m.finishEntry()
		m.pre = prefix{sto: true}
	case KeyRCL:
		m.finishEntry()
		m.pre = prefix{rcl: true}
	case KeyDSP:
		m.pushMenu(menuDSP)
	case KeyEXIT:
		m.exit()
	case KeyINPUT:
		m.finishEntry()
		m.fresh = true
	case KeyUp, KeyDown:
		m.listMove(k == KeyUp, false)
	case KeyPRT:
		m.setMsg("NO PRINTER", "", nil)
	}
}

func (m *Machine) shiftedKey(k Key) {
	switch k {
	case KeyEXIT: // MAIN
		m.menus, m.calc, m.pre = []menuID{menuMain}, nil, prefix{}
	case KeyChs: // E
		m.typeChar('E')
	case KeyDot: // SHOW
		m.finishEntry()
		m.show = fit(hp17b.Format(m.x, hp17b.Mode{All: true, Comma: m.mode.Comma}))
	case KeyEquals: // LAST
		m.setX(m.last)
	case KeyDiv: // 1/x
		m.unary(hp17b.Inv)
	case KeyMul: // y^x
		m.operator('^')
	case KeySub: // √x
		m.unary(hp17b.Sqrt)
	case KeyAdd: // x²
		m.unary(hp17b.Sq)
	case KeyPercent: // MATH
		m.pushMenu(menuMath)
	case KeyDSP: // MODES
		m.pushMenu(menuModes)
	case KeyRCL: // RND: round x to the display's decimals
		m.finishEntry()
		if !m.mode.All {
			m.setX(hp17b.RoundFix(m.x, m.mode.Fix))
		}
	case KeyINPUT: // CLEAR DATA
		if m.menu() == menuVars && m.calc != nil {
			m.vars.Clear(m.calc.eq.Names...)
			m.entry, m.x = "", hp17b.Zero
		}
	case KeyUp, KeyDown:
		m.listMove(k == KeyUp, true)
	case Key0: // MEM
		m.setMsg("MEMORY: UNLIMITED", "", nil)
	case KeyCLR: // OFF: the state is kept, as continuous memory does
		m.menus, m.calc = []menuID{menuMain}, nil
	case KeyLParen, KeyRParen: // R↓ and x≷y act in RPN mode only
	default:
		m.dispatch(k, false)
	}
}

// typeChar adds a digit, '.', or 'E' to the number being typed.
func (m *Machine) typeChar(c byte) {
	if m.entry == "" {
		switch c {
		case '.':
			m.entry = "0."
		case 'E':
			m.entry = "1E"
		default:
			m.entry = string(c)
		}
		m.fresh = true
		return
	}
	mant, exp, hasExp := strings.Cut(strings.TrimPrefix(m.entry, "-"), "E")
	switch {
	case c == '.' && (hasExp || strings.Contains(mant, ".")):
		return
	case c == 'E' && hasExp:
		return
	case hasExp && len(strings.TrimPrefix(exp, "-")) >= 3:
		return
	case !hasExp && c != 'E' && digits(mant) >= hp17b.Digits:
		return
	}
	if m.entry == "0" && c != '.' && c != 'E' {
		m.entry = ""
	}
	m.entry += string(c)
}

func digits(s string) int {
	n := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			n++
		}
	}
	return n
}

func (m *Machine) changeSign() {
	if m.entry == "" {
		m.setX(hp17b.Neg(m.x))
		return
	}
	if i := strings.Index(m.entry, "E"); i >= 0 {
		exp := m.entry[i+1:]
		if strings.HasPrefix(exp, "-") {
			m.entry = m.entry[:i+1] + exp[1:]
		} else {
			m.entry = m.entry[:i+1] + "-" + exp
		}
		return
	}
	if strings.HasPrefix(m.entry, "-") {
		m.entry = m.entry[1:]
	} else {
		m.entry = "-" + m.entry
	}
}

func (m *Machine) backspace() {
	if m.pre != (prefix{}) {
		m.pre = prefix{}
		return
	}
	if m.entry == "" {
		m.x, m.fresh = hp17b.Zero, true
		return
	}
	m.entry = m.entry[:len(m.entry)-1]
	if m.entry == "-" {
		m.entry = ""
	}
	if m.entry == "" {
		m.x = hp17b.Zero
	}
}

// finishEntry turns the number being typed into x.
func (m *Machine) finishEntry() {
	if m.entry == "" {
		return
	}
	s := m.entry
	if strings.HasSuffix(s, "E") || strings.HasSuffix(s, "E-") {
		s = strings.TrimSuffix(strings.TrimSuffix(s, "-"), "E")
	}
	v, err := hp17b.Parse(s)
	if err == hp17b.ErrOverflow {
		m.setMsg(hp17b.ErrOverflow.Msg, "", nil)
	}
	m.entry, m.x, m.fresh = "", v, true
}

// setX puts a computed value on the calculator line.
func (m *Machine) setX(v hp17b.Number) {
	m.entry, m.x, m.fresh = "", v, true
}

// report shows an arithmetic error, or OVERFLOW, and says whether the value
// is usable.
func (m *Machine) report(err error) bool {
	if err == nil {
		return true
	}
	m.setMsg(err.Error(), "", nil)
	return err == hp17b.ErrOverflow
}

func (m *Machine) unary(f func(hp17b.Number) (hp17b.Number, error)) {
	m.finishEntry()
	v, err := f(m.x)
	if m.report(err) {
		m.last = m.x
		m.setX(v)
	}
}

func (m *Machine) ensureChain() {
	if len(m.chain) == 0 {
		m.chain = []level{{}}
	}
}

// operator applies the pending operation of the innermost level (chain
// arithmetic, no precedence) and makes op pending.
func (m *Machine) operator(op byte) {
	m.finishEntry()
	m.ensureChain()
	top := &m.chain[len(m.chain)-1]
	if top.op != 0 && m.fresh {
		v, err := hp17b.Arith(top.op, top.acc, m.x)
		if !m.report(err) {
			m.chain = nil
			return
		}
		m.last = m.x
		m.x = v
	}
	top.acc, top.op = m.x, op
	m.fresh = false
}

// reduce completes the innermost level and returns its value.
func (m *Machine) reduce() bool {
	top := &m.chain[len(m.chain)-1]
	if top.op != 0 {
		v, err := hp17b.Arith(top.op, top.acc, m.x)
		if !m.report(err) {
			m.chain = nil
			return false
		}
		m.last = m.x
		m.x = v
	}
	return true
}

func (m *Machine) closeParen() {
	m.finishEntry()
	if len(m.chain) < 2 {
		return
	}
	if !m.reduce() {
		return
	}
	m.chain = m.chain[:len(m.chain)-1]
	m.fresh = true
}

func (m *Machine) equals() {
	m.finishEntry()
	for len(m.chain) > 0 {
		if !m.reduce() {
			return
		}
		m.chain = m.chain[:len(m.chain)-1]
	}
	m.fresh = true
}

// percent: with + or − pending, x% of the accumulated value (200 − 27% =
// gives 146); otherwise x/100 (200 × 27% = gives 54), per the HP-17BII
// manual's arithmetic chapter.
func (m *Machine) percent() {
	m.finishEntry()
	pct, _ := hp17b.Div(m.x, hp17b.Hundred)
	if len(m.chain) > 0 {
		top := m.chain[len(m.chain)-1]
		if top.op == '+' || top.op == '-' {
			pct, _ = hp17b.Mul(top.acc, pct)
		}
	}
	m.setX(pct)
}

func (m *Machine) exit() {
	m.pre = prefix{}
	switch m.menu() {
	case menuVars:
		m.calc = nil
	}
	m.popMenu()
}

// fixKey takes the digits of DSP FIX n, then INPUT.
func (m *Machine) fixKey(k Key) {
	if d, ok := keyDigit(k); ok && len(m.dspFix) < 2 {
		m.dspFix += string(d)
		return
	}
	switch k {
	case KeyBack:
		if m.dspFix != "" {
			m.dspFix = m.dspFix[:len(m.dspFix)-1]
		}
	case KeyINPUT, KeyEquals:
		n := 0
		for _, c := range m.dspFix {
			n = n*10 + int(c-'0')
		}
		m.waitFix, m.dspFix = false, ""
		if n > 11 {
			m.setMsg("INVALID INPUT", "", nil)
			return
		}
		m.mode.Fix, m.mode.All = n, false
		m.popMenu()
	case KeyEXIT, KeyCLR:
		m.waitFix, m.dspFix = false, ""
	}
}

// menuKey handles a menu key in the current menu.
func (m *Machine) menuKey(i int) {
	switch m.menu() {
	case menuMain:
		if i == 4 {
			m.finishEntry()
			m.pushMenu(menuSolve)
		}
	case menuSolve:
		m.solveMenuKey(i)
	case menuVars:
		m.varKey(i)
	case menuDSP:
		switch i {
		case 0:
			m.finishEntry()
			m.waitFix, m.dspFix = true, ""
		case 1:
			m.mode.All = true
			m.popMenu()
		}
	case menuModes:
		switch i {
		case 0:
			m.beep = !m.beep
			if m.beep {
				m.setMsg("BEEP ON", "", nil)
			} else {
				m.setMsg("BEEP OFF", "", nil)
			}
		case 1, 2:
			m.mode.Comma = i == 2
			m.popMenu()
		}
	case menuMath:
		m.mathKey(i)
	}
}

func (m *Machine) mathKey(i int) {
	switch i {
	case 0:
		m.unary(hp17b.Log)
	case 1:
		m.unary(hp17b.Alog)
	case 2:
		m.unary(hp17b.Ln)
	case 3:
		m.unary(hp17b.Exp)
	case 4:
		m.unary(hp17b.Fact)
	case 5:
		m.finishEntry()
		v, _ := hp17b.Parse("0." + randomDigits(m.rng))
		m.setX(v)
	}
}

func randomDigits(r *rand.Rand) string {
	b := make([]byte, hp17b.Digits)
	for i := range b {
		b[i] = byte('0' + r.IntN(10))
	}
	return string(b)
}

// prefixKey completes STO or RCL with a register digit or, for STO, an
// arithmetic operator; it reports whether it used the key. A menu key is
// left to the menu (STO or RCL of a Solver variable).
func (m *Machine) prefixKey(k Key) bool {
	if d, ok := keyDigit(k); ok {
		r := int(d - '0')
		pre := m.pre
		m.pre = prefix{}
		if pre.rcl {
			m.setX(m.regs[r])
			return true
		}
		v := m.x
		if pre.op != 0 {
			var err error
			if v, err = hp17b.Arith(pre.op, m.regs[r], m.x); !m.report(err) {
				return true
			}
		}
		m.regs[r] = v
		m.fresh = true
		return true
	}
	if op, ok := map[Key]byte{KeyAdd: '+', KeySub: '-', KeyMul: '*', KeyDiv: '/'}[k]; ok && m.pre.sto {
		m.pre.op = op
		return true
	}
	if k >= KeyF1 && k <= KeyF6 {
		return false
	}
	m.pre = prefix{}
	return k == KeyBack || k == KeyCLR
}

// confirmKey answers a YES/NO question.
func (m *Machine) confirmKey(k Key) {
	c := m.confirm
	switch k {
	case KeyF1:
		m.confirm = nil
		m.popMenu()
		c.yes()
	case KeyF6, KeyEXIT:
		m.confirm = nil
		m.popMenu()
		if c.no != nil {
			c.no()
		}
	}
}

func (m *Machine) ask(question string, yes, no func()) {
	m.confirm = &confirmState{question: question, yes: yes, no: no}
	m.pushMenu(menuConfirm)
}
