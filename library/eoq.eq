# topic: Business
# purpose: The economic order quantity: the order size that makes the year's ordering and holding costs least.
# var: Q | the order quantity | units
# var: D | the year's demand | units/yr
# var: S | the cost of placing one order | $
# var: H | the cost of holding one unit a year | $/unit/yr
# example: D=12000 S=50 H=3 Q → Q=632.46
# source: Q = √(2DS/H) (F. W. Harris, "How Many Parts to Make at Once", Factory, The Magazine of Management, 1913)
EOQ:Q=SQRT(2×D×S÷H)
