# topic: Savings and annuities
# purpose: The present value of N payments growing G% a period, the first PMT at the end of the first period.
# note: 1−((1+g)/(1+i))^N is written −EXPM1(N×(LNP1(g)−LNP1(i))): as a difference of numbers near 1 it would lose digits when the rates are near (with 1−SPPV×SPFV, 8 of 12 at I%=4.5, G%=5, N=1).
# var: PV | present value | $
# var: I% | the rate per period | %
# var: G% | the payments' growth per period | %
# var: PMT | the first payment | $
# var: N | number of payments |
# example: I%=8 G%=3 PMT=1000 N=20 PV → PV=12,250.04
# source: the growing annuity, PV = PMT/(i−g)·(1−((1+g)/(1+i))^N), N·PMT/(1+i) when i = g (Brealey, Myers and Allen, Principles of Corporate Finance, ch. 2)
GROW:PV=IF(I%=G%:PMT×N÷(1+I%÷100):-PMT×EXPM1(N×(LNP1(G%÷100)-LNP1(I%÷100)))÷((I%-G%)÷100))
