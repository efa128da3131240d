package library

import (
	"testing"
)

// FuzzParseEntry: any file text is an entry or an error, never a panic;
// an entry read has a name, a known topic and its menu's variables.
func FuzzParseEntry(f *testing.F) {
	for _, n := range []string{"canmort.eq", "bond.eq", "normal.eq"} {
		b, err := files.ReadFile(n)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Add("# topic: Business\n# var: A | a | \nX:A=1\n")
	f.Fuzz(func(t *testing.T, text string) {
		e, err := parseEntry("f.eq", text)
		if err != nil {
			return
		}
		if e.Name == "" || e.Text == "" || topicIndex(e.Topic) < 0 {
			t.Fatalf("entry without name, text or topic: %+v", e)
		}
		_ = Search(text)
	})
}
