# topic: Statistics
# purpose: The Poisson probability of exactly K events when MU are expected.
# var: P | the probability |
# var: MU | the events expected |
# var: K | the events (253 or fewer) |
# example: MU=4 K=2 P → P=0.15
# source: e^(−μ)·μ^K/K! (Feller, An Introduction to Probability Theory and Its Applications, vol. I, ch. VI)
POIS:P=EXP(-MU)×MU^K÷FACT(K)
