# topic: Statistics
# purpose: The normal distribution's cumulative probability: the chance of a value X or less, for a mean M and standard deviation SD.
# var: P | the probability that a value is X or less |
# var: X | the value |
# var: M | the mean |
# var: SD | the standard deviation (above 0) |
# example: X=1.96 M=0 SD=1 P → P=0.98
# source: Φ(z) = 1/2 + φ(z)·Σ z^(2k+1)/(1·3·5···(2k+1)), a series of positive terms (Abramowitz and Stegun, Handbook of Mathematical Functions, 26.2.11); φ(z) = e^(−z²/2)/√(2π)
# note: Each term is the one before times z²÷(2k+1) (T holds it). The series' 101 terms hold 12 digits for z up to 6 (P is 1.00 beyond). For z below 0, P is 0.5 less a term nearly 0.5 and keeps about 12 − log10(1/(2P)) digits: 11 at z = −1, 9 at z = −3, 6 at z = −5 (the proof runs from z = −1).
NORM:P=0.5+EXP(-SQ(L(Z:(X-M)÷SD))÷2)÷SQRT(2×PI)×Σ(K:0:100:1:L(T:IF(K=0:G(Z):G(T)×SQ(G(Z))÷(2×K+1))))
