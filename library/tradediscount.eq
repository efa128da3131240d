# topic: Business
# purpose: A chain of trade discounts: the net price after successive discounts off the list price.
# var: NET | the net price | $
# var: LIST | the list price | $
# var: D1% | the first discount | %
# var: D2% | the second discount | %
# var: D3% | the third discount | %
# example: LIST=800 D1%=20 D2%=10 D3%=5 NET → NET=547.20
# source: each discount off the price before it, LIST·(1−d1)(1−d2)(1−d3) (Brechner, Contemporary Mathematics for Business and Consumers, ch. 7, "Trade discounts")
TDSC:NET=LIST×(1-D1%÷100)×(1-D2%÷100)×(1-D3%÷100)
