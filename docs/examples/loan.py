# The monthly payment of a loan, for hp17b compare (docs/compare.md):
# PMT = PV × r ÷ (1 − (1 + r)^−N), r = I ÷ 1200, computed with log1p and
# expm1 so that a small r keeps its digits.
import json
import math
import sys

for line in sys.stdin:
    p = json.loads(line)
    n, i, pv = p["in"]["N"], p["in"]["I"], p["in"]["PV"]
    r = i / 1200
    pmt = pv * r / -math.expm1(-n * math.log1p(r))
    print(json.dumps({"n": p["n"], "out": {"PMT": pmt}}), flush=True)
