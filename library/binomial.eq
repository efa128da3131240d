# topic: Statistics
# purpose: The binomial probability of exactly K successes in N trials of probability PR each.
# var: P | the probability |
# var: N | trials (253 or fewer: FACT's limit) |
# var: K | successes |
# var: PR | the probability of a success (between 0 and 1) |
# example: N=10 K=3 PR=0.5 P → P=0.12
# source: C(N,K)·p^K·(1−p)^(N−K) (Feller, An Introduction to Probability Theory and Its Applications, vol. I, ch. VI)
BINM:P=FACT(N)÷(FACT(K)×FACT(N-K))×PR^K×(1-PR)^(N-K)
