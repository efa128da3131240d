// Package library is the Solver equations hp17b ships for the problems
// the calculator exists for, each with its variables, a worked example
// and its source.
//
// This is a stand-in of three entries with the package's API, for the
// window's and the page's library views; the full library replaces it.
package library

import (
	"slices"
	"strings"
)

// Var is one variable of an equation: its name as the menu shows it,
// what it means and its unit.
type Var struct{ Name, Meaning, Unit string }

// Entry is one equation of the library.
type Entry struct {
	// Name is the equation's name as the SOLVE menu shows it; Topic its
	// group; Purpose one line saying what it solves.
	Name, Topic, Purpose string
	// Vars are its variables, in its menu's order.
	Vars []Var
	// Example is the worked example: the values to store and the variable
	// to solve, as hp17b solve's steps, then "→" and the display expected.
	Example string
	// Source is where the method comes from.
	Source string
	// Text is the equation exactly as typed.
	Text string
}

var entries = []Entry{
	{
		Name: "CANMTG", Topic: "Loans and mortgages",
		Purpose: "A Canadian mortgage: monthly payments, interest compounded twice a year",
		Vars: []Var{
			{"PV", "the loan", "currency"},
			{"PMT", "the monthly payment (negative: paid)", "currency"},
			{"I%YR", "the annual rate, compounded semi-annually", "% a year"},
			{"N", "the number of monthly payments", "months"},
			{"FV", "the balance left after N payments", "currency"},
		},
		Example: "N=300 I%YR=6 PV=100000 FV=0 PMT → PMT=-639.81",
		Source:  "Canada's Interest Act, section 6 (blended payments, rate stated half-yearly)",
		Text:    "CANMTG:PV+PMT×USPV(((1+I%YR÷200)^(1÷6)-1)×100:N)+FV×SPPV(((1+I%YR÷200)^(1÷6)-1)×100:N)=0",
	},
	{
		Name: "MU%C", Topic: "Business",
		Purpose: "Markup on cost: the price from the cost and the markup",
		Vars: []Var{
			{"PRICE", "the selling price", "currency"},
			{"COST", "the cost", "currency"},
			{"MU%C", "the markup as a percentage of the cost", "%"},
		},
		Example: "COST=80 MU%C=25 PRICE → PRICE=100.00",
		Source:  "HP 17bII+ owner's manual, Business percentages (MU%C)",
		Text:    "MU%C:PRICE=COST×(1+MU%C÷100)",
	},
	{
		Name: "BEVEN", Topic: "Business",
		Purpose: "Break-even: the quantity, price or costs for a profit",
		Vars: []Var{
			{"QTY", "the units sold", "units"},
			{"PRICE", "the price a unit", "currency"},
			{"VCOST", "the variable cost a unit", "currency"},
			{"FIXED", "the fixed costs", "currency"},
			{"PROFIT", "the profit", "currency"},
		},
		Example: "PRICE=25 VCOST=15 FIXED=10000 PROFIT=0 QTY → QTY=1,000.00",
		Source:  "Break-even analysis: profit = units × (price − variable cost) − fixed costs",
		Text:    "BEVEN:QTY×(PRICE-VCOST)-FIXED=PROFIT",
	},
}

// All is every entry, by topic (Topics' order), then as listed.
func All() []Entry { return slices.Clone(entries) }

// Topics are the topics, in the order they are listed.
func Topics() []string {
	var t []string
	for _, e := range entries {
		if !slices.Contains(t, e.Topic) {
			t = append(t, e.Topic)
		}
	}
	return t
}

// Find is the entry named name (in any case), false when none is.
func Find(name string) (Entry, bool) {
	for _, e := range entries {
		if strings.EqualFold(e.Name, name) {
			return e, true
		}
	}
	return Entry{}, false
}

// Search is the entries whose name, topic, purpose or variables' meanings
// hold every word of query (in any case), in All's order; an empty query
// is All.
func Search(query string) []Entry {
	words := strings.Fields(strings.ToLower(query))
	var out []Entry
	for _, e := range entries {
		hay := strings.ToLower(e.Name + " " + e.Topic + " " + e.Purpose)
		for _, v := range e.Vars {
			hay += " " + strings.ToLower(v.Name+" "+v.Meaning)
		}
		if !slices.ContainsFunc(words, func(w string) bool { return !strings.Contains(hay, w) }) {
			out = append(out, e)
		}
	}
	return out
}
