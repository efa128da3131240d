# Y = A×B + C for hp17b compare --eq docs/examples/sum.eq (docs/compare.md):
# a JSON line a point in, a JSON line a point out, flushed at once.
import json
import sys

for line in sys.stdin:
    p = json.loads(line)
    a, b, c = p["in"]["A"], p["in"]["B"], p["in"]["C"]
    print(json.dumps({"n": p["n"], "out": {"Y": a * b + c}}), flush=True)
