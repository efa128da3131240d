# topic: Savings and annuities
# purpose: A deferred annuity: N payments, the first at the end of period D+1.
# var: PV | present value now | $
# var: PMT | each payment | $
# var: I% | the rate per period | %
# var: N | number of payments |
# var: D | periods of deferral before the annuity starts |
# example: PMT=5000 I%=6 N=10 D=5 PV → PV=27,499.43
# source: the deferred annuity, v^D·a(N,i) (Kellison, The Theory of Interest, §4.2)
DEFR:PV=PMT×USPV(I%:N)×SPPV(I%:D)
