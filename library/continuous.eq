# topic: Interest and rates
# purpose: Continuous compounding: a sum's growth at R% a year compounded continuously.
# var: FV | the future value | $
# var: PV | the present value | $
# var: R% | the annual rate, compounded continuously | %/yr
# var: YRS | years | years
# example: PV=1000 R%=5 YRS=10 FV → FV=1,648.72
# source: FV = PV·e^(rt) (Kellison, The Theory of Interest, §1.9, the force of interest)
CONT:FV=PV×EXP(R%×YRS÷100)
