# topic: Business
# purpose: Break-even and profit: the units to sell for a profit (0 for break-even), or the profit of a volume.
# var: PROF | the profit | $
# var: UNITS | units sold |
# var: PRICE | the price a unit | $
# var: VC | the variable cost a unit | $
# var: FC | the fixed costs | $
# example: PROF=0 PRICE=25 VC=15 FC=40000 UNITS → UNITS=4,000.00
# source: cost-volume-profit analysis, profit = units·(price − variable cost) − fixed costs (Horngren, Datar and Rajan, Cost Accounting: A Managerial Emphasis, ch. 3)
BRKE:PROF=UNITS×(PRICE-VC)-FC
