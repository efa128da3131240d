# topic: Bonds and notes
# purpose: A Treasury bill's investment rate (bond-equivalent yield), for a bill of half a year or less.
# var: BEY% | the investment rate (365-day year) | %/yr
# var: PRICE | the price | per 100
# var: DAYS | days to maturity (182 or fewer) |
# example: PRICE=98.67 DAYS=91 BEY% → BEY%=5.41
# source: the investment rate of a bill of not more than half a year, (100−P)/P · 365/t (31 CFR Part 356, Appendix B, "Computation of Investment Rate")
BEY:BEY%=(100-PRICE)÷PRICE×365÷DAYS×100
