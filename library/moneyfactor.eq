# topic: Leases
# purpose: A car lease's monthly payment by the money-factor method (money factor = APR ÷ 2400).
# var: PMT | the monthly payment with tax | $
# var: CAP | the capitalized cost (price less down payment and trade-in) | $
# var: RES | the residual value | $
# var: N | the lease's months |
# var: APR | the rate the money factor stands for (money factor × 2400) | %/yr
# var: TAX% | sales tax on the payment | %
# example: CAP=30000 RES=18000 N=36 APR=4.8 TAX%=0 PMT → PMT=429.33
# source: the depreciation charge (CAP−RES)/N plus the rent charge (CAP+RES)·money factor, the money factor APR/2400 (Federal Reserve Board, "Keys to Vehicle Leasing", 1997)
MFAC:PMT=((CAP-RES)÷N+(CAP+RES)×APR÷2400)×(1+TAX%÷100)
