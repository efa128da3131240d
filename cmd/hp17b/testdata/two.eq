AREA:A=L×W

P=2×(L+W)
