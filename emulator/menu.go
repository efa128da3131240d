package emulator

// menu is one of the calculator's menus: six labels over the six menu keys
// and what a menu key does. The menu stack holds these values; EXIT pops
// one, MAIN empties the stack to MAIN.
//
// A menu may also implement:
//   - topLiner, when it provides the top line while nothing is keyed (the
//     SOLVE list shows the current equation);
//   - lister, when ▲ and ▼ move through a list (the SOLVE list);
//   - dataClearer, when CLEAR DATA clears its data (a variable menu);
//   - exiter, when EXIT does something else than return to the menu
//     before (the ALPHA menus of the equation editor);
//   - returner, when EXIT coming back to it shows a line again (TVM's
//     status, BOND's type);
//   - shiftPresser, when a shifted menu key has a form of its own (TVM's
//     shift N).
type menu interface {
	labels(m *Machine) [6]string
	press(m *Machine, i int)
}

// topLiner is a menu that provides the top line while no number is keyed.
type topLiner interface {
	topLine(m *Machine) string
}

// lister is a menu whose ▲ ▼ (and shifted, to the ends) move in a list.
type lister interface {
	move(m *Machine, up, jump bool)
}

// dataClearer is a menu whose data CLEAR DATA clears.
type dataClearer interface {
	clearData(m *Machine)
}

// inputter is a menu whose INPUT stores into a list (CFLO's flows).
type inputter interface {
	input(m *Machine)
}

// swapper is a menu whose x≷y shows a second result (DEPRC's RDV).
type swapper interface {
	swap(m *Machine)
}

// exiter is a menu with its own EXIT.
type exiter interface {
	exit(m *Machine)
}

// returner is a menu that shows a line again when EXIT comes back to it
// from a menu above: TVM its payments-per-year line (17bII+ owner's
// manual pp.72, 76: "1 P/YR END MODE" after OTHER … EXIT), BOND its type
// (pp.111, 113: "A/A SEMIANNUAL" after TYPE … EXIT).
type returner interface {
	back(m *Machine)
}

// shiftPresser is a menu with shifted menu keys: shift then TVM's N
// stores the number times P/YR in N (Table 5-1, p.63). It reports false
// for a key with no shifted form, which then acts unshifted.
type shiftPresser interface {
	shiftPress(m *Machine, i int) bool
}

// item is one menu key of a fixed menu: a label and either a menu to open
// (made when the key is pressed, so that it can hold its own state) or an
// action.
type item struct {
	label string
	open  func(m *Machine) menu
	do    func(m *Machine)
}

// table is a fixed menu: six items.
type table [6]item

func (t *table) labels(*Machine) [6]string {
	var l [6]string
	for i, it := range t {
		l[i] = it.label
	}
	return l
}

func (t *table) press(m *Machine, i int) {
	switch it := t[i]; {
	case it.open != nil:
		m.finishEntry()
		m.pushMenu(it.open(m))
	case it.do != nil:
		it.do(m)
	}
}

// application is one of MAIN's applications: its label, its place among
// MAIN's six keys, its menu, and its section of the state file. Each
// application lives in a file of its own and registers itself (register).
// Its part of continuous memory is its section (memory), when it has one,
// and its variable store (Machine.appStore), kept in the state file's
// "apps" section under its label.
type application struct {
	label string
	slot  int // 0..5, the MAIN key
	menu  func(m *Machine) menu
	// memory is the application's section of the state file (sectionOf:
	// its JSON name and its save and restore); nil for none.
	memory *section
}

// applications are the registered applications by MAIN key.
var applications = map[int]application{}

// register adds an application to MAIN (from the application's file, in
// an init function), and its section to the state file. A slot or a
// section's name taken twice is a programming error.
func register(a application) {
	if _, dup := applications[a.slot]; dup {
		panic("emulator: two applications on MAIN key " + a.label)
	}
	if a.memory != nil {
		for _, s := range stateSections() {
			if s.name == a.memory.name {
				panic("emulator: two sections named " + s.name + " in the state file")
			}
		}
	}
	applications[a.slot] = a
}

// mainMenu is MAIN: the registered applications' labels, each on its
// slot's key (the built-in registry gives the HP-17BII's menu map, 17bII+
// owner's manual p.25: FIN BUS SUM TIME SOLVE CURRX); a key with no
// application is blank and does nothing.
type mainMenu struct{}

func (mainMenu) labels(*Machine) [6]string {
	var l [6]string
	for i := range l {
		l[i] = applications[i].label
	}
	return l
}

func (mainMenu) press(m *Machine, i int) {
	a, ok := applications[i]
	if !ok {
		return
	}
	m.finishEntry()
	m.pushMenu(a.menu(m))
}

func (m *Machine) menu() menu { return m.menus[len(m.menus)-1] }

func (m *Machine) pushMenu(x menu) { m.menus = append(m.menus, x) }

// replaceMenu puts x in place of the current menu.
func (m *Machine) replaceMenu(x menu) { m.menus[len(m.menus)-1] = x }

func (m *Machine) popMenu() {
	if len(m.menus) > 1 {
		m.menus = m.menus[:len(m.menus)-1]
	}
}

// exitTo is EXIT's return to the menu below: a returner shows its line
// again, unless a number is being keyed.
func (m *Machine) exitTo() {
	m.popMenu()
	if r, ok := m.menu().(returner); ok && m.entry == "" {
		r.back(m)
	}
}

// keepMsg shows again the message the key just pressed cleared: a menu
// key labelled MORE turns the menu's page and leaves the display as it was
// ("YLD%=9.00" stays when MORE turns BOND's page, p.216); Machine.key
// calls it for every menu.
func (m *Machine) keepMsg() {
	if m.msg[0] == "" && m.held[0] != "" {
		m.msg = m.held
	}
}

// toMain empties the menu stack to MAIN.
func (m *Machine) toMain() { m.menus = []menu{mainMenu{}} }

// pager pages a list longer than six over the menu keys: five entries a
// page and MORE on the sixth key (a variable menu, CFLO's GET).
type pager struct{ page int }

// labels are the labels of the current page of names.
func (p *pager) labels(names []string) [6]string {
	var l [6]string
	if len(names) <= 6 {
		copy(l[:], names)
		return l
	}
	for i := 0; i < 5 && p.page*5+i < len(names); i++ {
		l[i] = names[p.page*5+i]
	}
	l[5] = "MORE"
	return l
}

// index turns menu key i into an index of names (n of them): −1 when the
// key is MORE (the page turns) or empty.
func (p *pager) index(n, i int) int {
	idx := i
	if n > 6 {
		if i == 5 {
			p.page = (p.page + 1) % ((n + 4) / 5)
			return -1
		}
		idx = p.page*5 + i
	}
	if idx >= n {
		return -1
	}
	return idx
}
