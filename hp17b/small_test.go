package hp17b

// small returns n as an int64 when it holds its small form: an integer of
// at most 12 digits (see Number). Only tests ask: the fast paths read
// n.c and n.e themselves.
func (n Number) small() (int64, bool) { return n.c, n.e == 0 }
