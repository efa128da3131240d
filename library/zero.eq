# topic: Bonds and notes
# purpose: A zero-coupon bond's price or yield, YRS years from maturity.
# var: PRICE | the price | per 100
# var: RV | the redemption value | per 100
# var: YLD% | the yield, compounded P times a year | %/yr
# var: P | compounding periods a year (2 for US bonds) |
# var: YRS | years to maturity | years
# example: RV=100 YLD%=10 P=2 YRS=14 PRICE → PRICE=25.51
# source: the price of a single payment, RV·(1+y/P)^(−P·YRS) (Fabozzi, Bond Markets, Analysis and Strategies, ch. 2)
ZERO:PRICE=RV×SPPV(YLD%÷P:YRS×P)
