# topic: Savings and annuities
# purpose: A growing perpetuity: payments forever, PMT at the end of the first period, growing G% a period (I% > G%).
# var: PV | present value | $
# var: PMT | the first payment | $
# var: I% | the rate per period | %
# var: G% | the growth per period | %
# example: PMT=2.5 I%=9 G%=4 PV → PV=50.00
# source: the growing perpetuity (Gordon's dividend growth model), PV = PMT/(i−g) (Brealey, Myers and Allen, Principles of Corporate Finance, ch. 4)
PERP:PV=PMT÷((I%-G%)÷100)
