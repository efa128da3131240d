# topic: Interest and rates
# purpose: The Rule of 78: the finance charge rebated when an add-on loan is paid off K payments early.
# var: REB | the rebate of unearned interest | $
# var: FIN | the loan's whole finance charge | $
# var: K | payments still to come when it is paid off |
# var: N | payments in all |
# example: FIN=1200 K=4 N=12 REB → REB=153.85
# source: the sum of the digits, K(K+1)/(N(N+1)) of the charge (Zima and Brown, Mathematics of Finance, Schaum's Outline); 15 U.S.C. 1615 limits it to loans of 61 months or less
R78:REB=FIN×K×(K+1)÷(N×(N+1))
