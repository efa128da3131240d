# topic: Bonds and notes
# purpose: A Treasury bill's price from its discount rate, or the rate from the price.
# var: PRICE | the price | per 100
# var: DISC% | the discount rate (360-day year) | %/yr
# var: DAYS | days to maturity |
# example: DISC%=5.25 DAYS=91 PRICE → PRICE=98.67
# source: the bill's price on a bank discount basis, 100·(1 − d·t/360) (31 CFR Part 356, Appendix B, "Computation of Purchase Prices")
TBIL:PRICE=100×(1-DISC%×DAYS÷36000)
