# topic: Interest and rates
# purpose: The APR of an add-on interest loan: interest ADD% a year of the whole loan added on, repaid in N monthly payments.
# var: N | number of monthly payments |
# var: ADD% | the add-on rate | %/yr
# var: APR | the annual percentage rate, monthly periods | %/yr
# example: N=36 ADD%=8 APR → APR=14.55
# source: the payment PV(1+r·N/12)/N, then the rate at which it repays PV (Zima and Brown, Mathematics of Finance, Schaum's Outline, "add-on loans"; Regulation Z, 12 CFR 1026, Appendix J)
# note: The loan cancels: PV = PMT·a(N, APR/12) with PMT = PV(1+ADD%·N/1200)/N.
ADDN:N=(1+ADD%×N÷1200)×USPV(APR÷12:N)
