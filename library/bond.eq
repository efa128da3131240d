# topic: Bonds and notes
# purpose: A semi-annual 30/360 bond's price or yield between coupon dates, to maturity or to a call (MAT the call date, RV the call price).
# var: PRICE | the clean price (accrued interest not included) | per 100
# var: YLD% | the yield, compounded twice a year | %/yr
# var: SETT | the settlement date (M.DDYYYY) | date
# var: MAT | the maturity date, or the call date (M.DDYYYY; day 28 or before) | date
# var: CPN% | the annual coupon rate | %/yr
# var: RV | the redemption value: 100 at maturity, the call price to a call | per 100
# example: SETT=5.022003 MAT=3.032006 CPN%=6 RV=102.75 PRICE=103.43 YLD% → YLD%=5.58
# source: the price between coupon dates, Σ C·v^(k−1+DSC/E) + RV·v^(N−1+DSC/E) − C·A/E (Securities Industry Association, Standard Securities Calculation Methods, 1993); 17bII+ owner's manual, chapter 8, "A Bond with a Call Feature", pp.112-113 (yield to call 5.58%) and "A Zero-Coupon Bond", p.113
# note: The example is the manual's yield to call, p.113, display and all; its zero-coupon bond (PRICE=25.23) is in testdata/published.txt.
# note: D is the 30/360 days to maturity, N the coupons left, IP((D+179)÷180), F the part of a half year to the next coupon. Solve PRICE or YLD%. Coupon dates fall on MAT's day of the month: keep it 28 or before (the BOND menu handles month ends).
BOND:PRICE=SPFV(YLD%÷2:1-L(F:(L(D:DDAYS(SETT:MAT:3))-180×(L(N:IP((G(D)+179)÷180))-1))÷180))×(CPN%÷2×USPV(YLD%÷2:G(N))+RV×SPPV(YLD%÷2:G(N)))-CPN%÷2×(1-G(F))
