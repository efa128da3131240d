package solver

// ParseFileLenient is ParseFile that keeps going past a bad equation: it
// returns every good equation and the first error (nil when there is none).
// Only the fuzz targets use it; the calculator loads files with ReadFile.
func ParseFileLenient(name, text string) ([]*Equation, error) {
	entries, err := ReadFile(name, text, true)
	eqs := equationsOf(entries)
	if err != nil && len(eqs) == 0 {
		return nil, err
	}
	return eqs, err
}
