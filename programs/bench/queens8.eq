# The eight queens, written for this project's benchmarks: one Σ a row (A
# to H, the queen's column in that row, 1 to 8), each entered only when its
# queen is safe from those above it (for rows d apart, |x−y|×(|x−y|−d) is
# 0 exactly when they share a column or a diagonal). The first full board
# is kept in P, one digit a row, and the division by 0 after it ends the
# search there: solving T shows SOLUTION NOT FOUND, and P is 15,863,724.
# The same search as T. Klemm's equation in "N-queens benchmark and the
# HP-17BII" (HP Articles forum, 7 Feb 2011), which a real HP-17BII runs in
# 3 min 29 s; its conditions are written differently.
EIGHT:T=0×Σ(A:1:8:1:
Σ(B:1:8:1:IF(ABS(B-A)×(ABS(B-A)-1)<>0:
Σ(C:1:8:1:IF(ABS(C-A)×(ABS(C-A)-2)<>0 AND ABS(C-B)×(ABS(C-B)-1)<>0:
Σ(D:1:8:1:IF(ABS(D-A)×(ABS(D-A)-3)<>0 AND ABS(D-B)×(ABS(D-B)-2)<>0 AND ABS(D-C)×(ABS(D-C)-1)<>0:
Σ(E:1:8:1:IF(ABS(E-A)×(ABS(E-A)-4)<>0 AND ABS(E-B)×(ABS(E-B)-3)<>0 AND ABS(E-C)×(ABS(E-C)-2)<>0 AND ABS(E-D)×(ABS(E-D)-1)<>0:
Σ(F:1:8:1:IF(ABS(F-A)×(ABS(F-A)-5)<>0 AND ABS(F-B)×(ABS(F-B)-4)<>0 AND ABS(F-C)×(ABS(F-C)-3)<>0 AND ABS(F-D)×(ABS(F-D)-2)<>0 AND ABS(F-E)×(ABS(F-E)-1)<>0:
Σ(G:1:8:1:IF(ABS(G-A)×(ABS(G-A)-6)<>0 AND ABS(G-B)×(ABS(G-B)-5)<>0 AND ABS(G-C)×(ABS(G-C)-4)<>0 AND ABS(G-D)×(ABS(G-D)-3)<>0 AND ABS(G-E)×(ABS(G-E)-2)<>0 AND ABS(G-F)×(ABS(G-F)-1)<>0:
Σ(H:1:8:1:IF(ABS(H-A)×(ABS(H-A)-7)<>0 AND ABS(H-B)×(ABS(H-B)-6)<>0 AND ABS(H-C)×(ABS(H-C)-5)<>0 AND ABS(H-D)×(ABS(H-D)-4)<>0 AND ABS(H-E)×(ABS(H-E)-3)<>0 AND ABS(H-F)×(ABS(H-F)-2)<>0 AND ABS(H-G)×(ABS(H-G)-1)<>0:
L(P:((((((A×10+B)×10+C)×10+D)×10+E)×10+F)×10+G)×10+H)/0
:0)):0)):0)):0)):0)):0)):0)))
