package compare

import (
	"fmt"
	"io"
	"strings"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// Pair is a name and its value as the report writes it.
type Pair struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Disagreement is a point where the equation and the reference differ:
// its number in the order compared, the values stored, both results (each
// solved name, and any other variable the reference gave) and the
// equation's intermediate values after the steps (its L() variables and
// the other names without a menu key).
type Disagreement struct {
	N            int64  `json:"n"`
	Inputs       []Pair `json:"inputs"`
	Equation     []Pair `json:"equation"`
	Reference    []Pair `json:"reference"`
	Intermediate []Pair `json:"intermediate,omitempty"`
	index        []int64
}

// Index is the point's index in each domain variable's grid (Plan.Vars
// order; nil for a point read from a file): where a client finds its own
// record of the point (compare/games reads a game position from it).
func (d *Disagreement) Index() []int64 { return d.index }

// Bucket is a part of one variable's values: how many points had a value
// there and how many of them disagreed.
type Bucket struct {
	Values   string `json:"values"`
	Points   int64  `json:"points"`
	Disagree int64  `json:"disagree"`
}

// Cluster is where one variable's disagreements fall: its values in at
// most 10 buckets, each value its own bucket when it has 10 or fewer.
type Cluster struct {
	Var     string   `json:"var"`
	Buckets []Bucket `json:"buckets"`
}

// Report is what Run found; its JSON form is `hp17b compare --json`.
type Report struct {
	// Equation and Reference name the two compared, Domain the points,
	// Compared the criterion and the names compared, Model the calculator.
	Equation  string `json:"equation"`
	Reference string `json:"reference"`
	Domain    string `json:"domain"`
	Compared  string `json:"compared"`
	Model     string `json:"model"`
	// Total is the domain's size (-1 when not known in advance), Points
	// those compared, Agree and Disagree their split.
	Total    int64 `json:"total"`
	Points   int64 `json:"points"`
	Agree    int64 `json:"agree"`
	Disagree int64 `json:"disagree"`
	// Stopped says what stopped the comparison early ("" when it ran to
	// the end): "the time limit" or "an interruption".
	Stopped string `json:"stopped,omitempty"`
	// Disagreements are the first ones (Config.List at most), More how
	// many others there were.
	Disagreements []*Disagreement `json:"disagreements"`
	More          int64           `json:"more"`
	// Smallest is the first disagreement shrunk toward the ranges' starts
	// (Shrink); nil without a disagreement or for points from a file.
	Smallest *Disagreement `json:"smallest,omitempty"`
	// Clusters say, variable by variable, where the disagreements are.
	Clusters []Cluster `json:"clusters,omitempty"`
	// Within is the most significant digits every disagreement agrees
	// to, the --digits that would pass them all (11: each is within the
	// 12-digit value's last digit); 0 when there is none, or when a
	// disagreement is a message, the display is compared or a Judge
	// judges.
	Within int `json:"within_digits,omitempty"`

	plan      *Plan
	noRef     bool
	crit      Criterion
	judge     func(pt *Point, ours, ref *Answer) bool
	list      int
	firstFail *Disagreement
	// near is set once a disagreement was seen: Within then holds.
	near        bool
	lastShrunk  *Disagreement
	shrinkAsked int64
}

func newReport(c *Config) *Report {
	ref := "nothing"
	if c.Ref != nil {
		ref = c.Ref.describe()
	}
	r := &Report{Equation: c.Plan.Eq.Title(), Reference: ref, Domain: c.Domain, noRef: c.Ref == nil,
		Compared: c.Criterion.String() + " of " + strings.Join(c.Plan.Solved, " "), Model: c.Model.String(),
		Total: c.Source.Total(), Disagreements: []*Disagreement{}, plan: c.Plan, crit: c.Criterion, list: c.List,
		judge: c.Judge}
	if c.Judge != nil && c.Judged != "" {
		r.Compared = c.Judged
	}
	if r.Domain == "" {
		r.Domain = c.Plan.Describe()
	}
	if c.Name != "" {
		r.Equation = c.Name
	}
	for _, v := range c.Plan.Vars {
		if v.N == 0 {
			continue
		}
		cl := Cluster{Var: v.Name}
		nb := min(v.N, 10)
		for b := range nb {
			lo, hi := (b*v.N+nb-1)/nb, ((b+1)*v.N+nb-1)/nb-1
			t := v.At(lo).String()
			if hi > lo {
				t += ".." + v.At(hi).String()
			}
			cl.Buckets = append(cl.Buckets, Bucket{Values: t})
		}
		r.Clusters = append(r.Clusters, cl)
	}
	return r
}

// agree reports whether the equation's answer at pt and the reference's
// agree: by Config.Judge when set, else every solved name, and every other
// variable the reference gave.
func (r *Report) agree(pt *Point, ours, ref *Answer) bool {
	if r.judge != nil {
		return r.judge(pt, ours, ref)
	}
	for i := range ref.Out {
		if i < len(ours.Out) {
			ref.Out[i].settle(ours.Out[i])
		}
	}
	return r.agreeBy(r.crit, ours, ref)
}

// agreeBy is agree by the criterion c, the reference's answer settled.
func (r *Report) agreeBy(c Criterion, ours, ref *Answer) bool {
	for i := range ours.Out {
		if i >= len(ref.Out) || !c.Agree(ours.Out[i], ref.Out[i]) {
			return false
		}
	}
	for _, x := range ref.Extra {
		if !c.Agree(Value{Num: ours.Vars[r.varIndex(x.Name)]}, x.Value) {
			return false
		}
	}
	return true
}

// digitsAgreed is the most significant digits (at most 11) the two
// answers agree to, by Digits; 0 when not even one.
func (r *Report) digitsAgreed(ours, ref *Answer) int {
	for n := hp17b.Digits - 1; n >= 1; n-- {
		c, _ := Digits(n)
		if r.agreeBy(c, ours, ref) {
			return n
		}
	}
	return 0
}

func (r *Report) varIndex(name string) int {
	for i, n := range r.plan.Eq.Names {
		if n == name {
			return i
		}
	}
	return -1
}

// add counts one point.
func (r *Report) add(pt *Point, ours, ref *Answer) {
	r.Points++
	ok := r.noRef && r.judge == nil || r.agree(pt, ours, ref)
	if ok {
		r.Agree++
	} else {
		r.Disagree++
	}
	if pt.Index != nil {
		for ci, v := range r.plan.Vars {
			if v.N == 0 || ci >= len(r.Clusters) {
				continue
			}
			nb := min(v.N, 10)
			b := &r.Clusters[ci].Buckets[pt.Index[ci]*nb/v.N]
			b.Points++
			if !ok {
				b.Disagree++
			}
		}
	}
	if ok {
		return
	}
	if r.crit.Display == nil && r.judge == nil {
		n := r.digitsAgreed(ours, ref)
		if !r.near {
			r.Within, r.near = n, true
		}
		r.Within = min(r.Within, n)
	}
	if len(r.Disagreements) >= r.list {
		r.More++
		return
	}
	d := r.disagreement(pt, ours, ref)
	r.Disagreements = append(r.Disagreements, d)
	if r.firstFail == nil {
		r.firstFail = d
	}
}

// show is a result as the report writes it.
func (r *Report) show(v Value) string {
	t := v.Text()
	if r.crit.Display != nil && v.IsNum() {
		t = v.Show(*r.crit.Display)
	}
	if v.Note != "" {
		t += " (" + v.Note + ")"
	}
	return t
}

// disagreement is the report's record of a point.
func (r *Report) disagreement(pt *Point, ours, ref *Answer) *Disagreement {
	d := &Disagreement{N: pt.N, index: pt.Index}
	for i, v := range r.plan.Vars {
		d.Inputs = append(d.Inputs, Pair{v.Name, pt.Values[i].String()})
	}
	for i, n := range r.plan.Solved {
		d.Equation = append(d.Equation, Pair{n, r.show(ours.Out[i])})
		if i < len(ref.Out) {
			d.Reference = append(d.Reference, Pair{n, r.show(ref.Out[i])})
		}
	}
	for _, x := range ref.Extra {
		if j := r.varIndex(x.Name); j >= 0 && ours.Vars != nil {
			d.Equation = append(d.Equation, Pair{x.Name, r.show(Value{Num: ours.Vars[j]})})
		}
		d.Reference = append(d.Reference, Pair{x.Name, r.show(x.Value)})
	}
	if ours.Vars != nil {
		for _, n := range r.plan.Inter {
			d.Intermediate = append(d.Intermediate, Pair{n, ours.Vars[r.varIndex(n)].String()})
		}
	}
	return d
}

// OK reports whether every point of the domain was compared and agreed.
func (r *Report) OK() bool { return r.Stopped == "" && r.Disagree == 0 }

func pairs(ps []Pair) string {
	f := make([]string, len(ps))
	for i, p := range ps {
		f[i] = p.Name + "=" + p.Value
	}
	return strings.Join(f, " ")
}

// WriteText writes the report for a person: the counts, each disagreement
// listed with its intermediate values, the smallest failing point and
// where the disagreements cluster.
func (r *Report) WriteText(w io.Writer) {
	fmt.Fprintf(w, "compare %s with %s\n", r.Equation, r.Reference)
	if r.Model != "" && r.Model != solver.Model17BII.String() {
		fmt.Fprintf(w, "  model: %s\n", r.Model)
	}
	fmt.Fprintf(w, "  domain: %s\n", r.Domain)
	fmt.Fprintf(w, "  compared: %s\n", r.Compared)
	if r.Stopped != "" {
		total := "?"
		if r.Total >= 0 {
			total = fmt.Sprint(r.Total)
		}
		fmt.Fprintf(w, "  STOPPED by %s after %d of %s points: the report so far\n", r.Stopped, r.Points, total)
	}
	fmt.Fprintf(w, "  points %d, agree %d, disagree %d\n", r.Points, r.Agree, r.Disagree)
	if r.Disagree == 0 {
		if r.Stopped == "" {
			fmt.Fprintln(w, "all agree")
		}
		return
	}
	fmt.Fprintln(w, "disagreements:")
	for _, d := range r.Disagreements {
		writeDisagreement(w, d)
	}
	if r.More > 0 {
		fmt.Fprintf(w, "  … and %d more\n", r.More)
	}
	switch so := ""; {
	case r.Within == 0:
	case r.Within == hp17b.Digits-1:
		if r.Stopped != "" {
			so = " so far"
		}
		fmt.Fprintf(w, "every disagreement%s is within the last of 12 digits: --digits %d would pass\n", so, r.Within)
	default:
		if r.Stopped != "" {
			so = " so far"
		}
		fmt.Fprintf(w, "every disagreement%s agrees to %d significant digits: --digits %d would pass\n", so, r.Within, r.Within)
	}
	if s := r.Smallest; s != nil {
		fmt.Fprintln(w, "smallest failing point (shrunk toward the ranges' starts):")
		writeDisagreement(w, s)
	}
	if len(r.Clusters) > 0 {
		fmt.Fprintln(w, "where they disagree (per variable: values disagreeing/points):")
		for _, c := range r.Clusters {
			var f []string
			for _, b := range c.Buckets {
				f = append(f, fmt.Sprintf("%s %d/%d", b.Values, b.Disagree, b.Points))
			}
			fmt.Fprintf(w, "  %s: %s\n", c.Var, strings.Join(f, ", "))
		}
	}
}

func writeDisagreement(w io.Writer, d *Disagreement) {
	fmt.Fprintf(w, "  point %d: %s\n", d.N, pairs(d.Inputs))
	fmt.Fprintf(w, "    equation  %s\n", pairs(d.Equation))
	fmt.Fprintf(w, "    reference %s\n", pairs(d.Reference))
	if len(d.Intermediate) > 0 {
		fmt.Fprintf(w, "    intermediate %s\n", pairs(d.Intermediate))
	}
}

// ModeOf reads a --display mode for Criterion.Display.
func ModeOf(s string) (*hp17b.Mode, error) {
	m, err := hp17b.ParseMode(s)
	if err != nil {
		return nil, err
	}
	return &m, nil
}
