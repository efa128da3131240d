package nim

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hp17b/hp17b/internal/text"
)

// ParseHeaps reads heaps' sizes as the nim commands take them: each
// argument one size or several separated by commas or spaces ("1,3,5,7",
// "1 3 5 7"). An error names the size that is not a whole number 0 or
// more, or says that no heap was given.
func ParseHeaps(args []string) ([]int, error) {
	var heaps []int
	for _, a := range args {
		for _, p := range strings.FieldsFunc(a, func(r rune) bool { return r == ',' || r == ' ' }) {
			v, err := strconv.Atoi(p)
			if err != nil || v < 0 {
				return nil, fmt.Errorf("heap %s: want a whole number of coins, 0 or more", text.Quote(p))
			}
			heaps = append(heaps, v)
		}
	}
	if len(heaps) == 0 {
		return nil, fmt.Errorf("no heaps given")
	}
	return heaps, nil
}

// ListText writes a position as hp17b nim lost, start and moves print
// it: "[1,2,3]".
func ListText(p []int) string {
	s := make([]string, len(p))
	for i, v := range p {
		s[i] = strconv.Itoa(v)
	}
	return "[" + strings.Join(s, ",") + "]"
}
