# topic: Business
# purpose: Markup on cost: the price that adds MU% of the cost, or the markup a price gives.
# var: PRICE | selling price | $
# var: COST | cost | $
# var: MU% | markup as a percent of cost | %
# example: 20 COST  50 MU%  PRICE → PRICE=30.00
# source: HP-17bII+ owner's manual, chapter 3, "Markup Calculations" (MU%C: markup as a percentage of cost)
MUC:PRICE=COST×(1+MU%÷100)
