// Package fields reads the test data files that record published tables
// one entry a line: a key, a space, the rest of the line as its value;
// blank lines and lines starting with # (the source and its notes) are
// passed over. nim/testdata/nimsum-post.txt and
// nim/octal/testdata/slides-nimbers.txt are two.
package fields

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// Read returns the entries of the file at path, by key (a later line of
// the same key wins). The error is the file's own, or a line longer than
// 1 MiB, with the path.
func Read(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if l := sc.Text(); l != "" && !strings.HasPrefix(l, "#") {
			k, v, _ := strings.Cut(l, " ")
			out[k] = v
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}
