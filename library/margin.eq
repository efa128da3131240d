# topic: Business
# purpose: Margin (markup on price): the share of the price that is profit.
# var: MRG% | the margin, percent of the price | %
# var: PRICE | the selling price | $
# var: COST | the cost | $
# example: COST=9.6 PRICE=11.04 MRG% → MRG%=13.04
# source: markup as a percentage of price, (PRICE−COST)/PRICE (17bII+ owner's manual, chapter 3, "Markup Calculations" (MU%P), p.53)
# note: The example is the manual's, p.53 (MU%P after MU%C), display and all.
MRGN:MRG%=(PRICE-COST)÷PRICE×100
