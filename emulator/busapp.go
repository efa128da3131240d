package emulator

// The BUS application: business percentages (17bII+ owner's manual,
// chapter 3, "Percentage Calculations in Business"; menu map on p.25).
// Each of its four menus is a variable menu over a built-in equation, all
// four over BUS's one variable store, so that MU%C and MU%P share COST and
// PRICE as the manual's p.53 says.

func init() {
	register(application{label: "BUS", slot: 1, menu: func(*Machine) menu { return busMenu }})
}

// busMenu is BUS: %CHG %TOTL MU%C MU%P.
var busMenu = &table{
	{label: "%CHG", open: busOpens(percentChange)},
	{label: "%TOTL", open: busOpens(percentTotal)},
	{label: "MU%C", open: busOpens(markupCost)},
	{label: "MU%P", open: busOpens(markupPrice)},
}

func busOpens(b builtin) func(*Machine) menu {
	return func(m *Machine) menu { return b.open(m.appStore("BUS")) }
}

// The built-in equations, each solved for any of its variables by its own
// form:
//
//	%CH = (NEW − OLD) ÷ OLD × 100      percent change, of the OLD number
//	%T  = PART ÷ TOTL × 100            percent of total
//	M%C = (PRICE − COST) ÷ COST × 100  markup as a percent of cost
//	M%P = (PRICE − COST) ÷ PRICE × 100 markup as a percent of price
var (
	percentChange = builtin{menu: []string{"OLD", "NEW", "%CH"}, forms: []string{
		"%CH=(NEW-OLD)÷OLD×100",
		"OLD=NEW÷(1+%CH÷100)",
		"NEW=OLD×(1+%CH÷100)",
	}}
	percentTotal = builtin{menu: []string{"TOTL", "PART", "%T"}, forms: []string{
		"%T=PART÷TOTL×100",
		"TOTL=PART÷%T×100",
		"PART=TOTL×%T÷100",
	}}
	markupCost = builtin{menu: []string{"COST", "PRICE", "M%C"}, forms: []string{
		"M%C=(PRICE-COST)÷COST×100",
		"COST=PRICE÷(1+M%C÷100)",
		"PRICE=COST×(1+M%C÷100)",
	}, long: map[string]string{"M%C": "MARKUP%C"}}
	markupPrice = builtin{menu: []string{"COST", "PRICE", "M%P"}, forms: []string{
		"M%P=(PRICE-COST)÷PRICE×100",
		"COST=PRICE×(1-M%P÷100)",
		"PRICE=COST÷(1-M%P÷100)",
	}, long: map[string]string{"M%P": "MARKUP%P"}}
)
