# NIM's move from the game's rule, for hp17b compare (docs/compare.md):
# the nim-sum s of the heaps A B C D; the first of D, C, B, A whose size
# XOR s is smaller takes that size, and EVAL shows the heaps as one number;
# with no such heap (s = 0) the calculator has no move.
import json
import sys

for line in sys.stdin:
    p = json.loads(line)
    h = [int(p["in"][k]) for k in "ABCD"]
    s = h[0] ^ h[1] ^ h[2] ^ h[3]
    out = "SOLUTION NOT FOUND"
    for i in (3, 2, 1, 0):
        if h[i] ^ s < h[i]:
            h[i] ^= s
            out = ((h[0] * 10 + h[1]) * 10 + h[2]) * 10 + h[3]
            break
    print(json.dumps({"n": p["n"], "out": {"EVAL": out}}), flush=True)
