# topic: Business
# purpose: Markup on cost: the price that adds MU% of the cost, or the markup a price gives.
# var: PRICE | selling price | $
# var: COST | cost | $
# var: MU% | markup as a percent of cost | %
# example: COST=9.6 MU%=15 PRICE → PRICE=11.04
# source: 17bII+ owner's manual, chapter 3, "Markup Calculations" (MU%C: markup as a percentage of cost) and "Using Shared Variables", p.53 (soup at 9.60 a case, 15% on cost)
# note: The example is the manual's, p.53, display and all.
MUC:PRICE=COST×(1+MU%÷100)
