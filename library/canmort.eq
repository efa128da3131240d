# topic: Loans and mortgages
# purpose: A Canadian mortgage: monthly payments, the rate quoted nominal annual compounded semi-annually.
# var: PV | the loan (money received: positive) | $
# var: I%YR | nominal annual rate, compounded twice a year | %/yr
# var: N | number of monthly payments | months
# var: PMT | the monthly payment (paid: negative) | $
# var: FV | the balance left after N payments (paid: negative), 0 for a loan paid off | $
# example: PV=30000 I%YR=12 N=360 FV=0 PMT → PMT=-301.92
# source: the Interest Act of Canada (R.S.C. 1985, c. I-15, s. 6: a mortgage's rate stated compounded half-yearly); the 17bII+ owner's manual, chapter 14, "Canadian Mortgages" (the monthly rate is the half-year rate's sixth root)
# note: The example is the manual's, p.198, display and all (testdata/published.txt).
# note: The monthly rate is (1+I%YR/200)^(1/6)−1, written EXPM1(LNP1(I%YR÷200)÷6) so that it keeps its 12 digits however small the rate: 6% a year compounded twice is 0.493862% a month. Payments at the end of each month (END), as Canadian mortgages are paid.
CANM:PV×SPFV(100×EXPM1(LNP1(I%YR÷200)÷6):N)+PMT×USFV(100×EXPM1(LNP1(I%YR÷200)÷6):N)+FV=0
