# topic: Statistics
# purpose: The sample size that estimates a proportion to within ±E at a confidence of Z standard deviations.
# var: N | the sample size (round it up) |
# var: Z | the normal deviate of the confidence (1.96 for 95%) |
# var: PR | the proportion expected (0.5 when unknown) |
# var: E | the margin of error, as a fraction |
# example: Z=1.96 PR=0.5 E=0.03 N → N=1,067.11
# source: n = z²·p(1−p)/e² (Cochran, Sampling Techniques, 3rd ed., 1977, eq. 4.2)
SSIZ:N=SQ(Z)×PR×(1-PR)÷SQ(E)
