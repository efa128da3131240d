# topic: Business
# purpose: A chain of markups: the price after three successive markups on cost (manufacturer, wholesaler, retailer).
# var: PRICE | the final price | $
# var: COST | the first cost | $
# var: MU1% | the first markup on cost | %
# var: MU2% | the second markup on cost | %
# var: MU3% | the third markup on cost | %
# example: COST=40 MU1%=25 MU2%=20 MU3%=50 PRICE → PRICE=90.00
# source: each markup on the cost before it, COST·(1+m1)(1+m2)(1+m3) (17bII+ owner's manual, chapter 3, "Markup Calculations")
# note: Set MU3% to 0 for a chain of two.
MCHN:PRICE=COST×(1+MU1%÷100)×(1+MU2%÷100)×(1+MU3%÷100)
