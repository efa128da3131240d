# topic: Bonds and notes
# purpose: A bond's Macaulay duration on a coupon date, in years.
# var: DUR | Macaulay duration | years
# var: YLD% | yield to maturity, compounded P times a year (above 0) | %/yr
# var: P | coupons a year |
# var: YRS | years to maturity (YRS×P whole) | years
# var: CPN% | annual coupon rate (above 0) | %/yr
# example: YLD%=8 P=2 YRS=10 CPN%=8 DUR → DUR=7.07
# source: Macaulay duration, Σ t·CF_t·v^t / Σ CF_t·v^t, in the closed form (1+y)/y − (1+y+n(c−y))/(c((1+y)^n−1)+y) per period (Fabozzi, Bond Markets, Analysis and Strategies, ch. 4)
DUR:DUR=((1+L(Y:YLD%÷100÷P))÷G(Y)-(1+G(Y)+YRS×P×(L(C:CPN%÷100÷P)-G(Y)))÷(G(C)×USFV(YLD%÷P:YRS×P)×G(Y)+G(Y)))÷P
