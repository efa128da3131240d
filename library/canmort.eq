# topic: Loans and mortgages
# purpose: A Canadian mortgage: monthly payments, interest quoted as a nominal annual rate compounded semi-annually.
# var: PV | the loan (money received: positive) | $
# var: I%YR | nominal annual rate, compounded twice a year | %/yr
# var: N | number of monthly payments | months
# var: PMT | the monthly payment (paid: negative) | $
# var: FV | the balance left after N payments (paid: negative), 0 for a loan paid off | $
# example: 300 N  6 I%YR  250000 PV  0 FV  PMT → PMT=-1,599.46
# source: Semi-annual compounding required of Canadian fixed-rate mortgages (Interest Act, R.S.C. 1985, c. I-15, s. 6); the equivalent monthly rate (1+i/2)^(1/6)−1 as in the HP-17bII+ owner's manual's "Canadian Mortgages" (chapter 5, Interest rate conversions)
# note: The monthly rate is the semi-annual rate's sixth root: 6% a year compounded twice is 0.493862% a month. Payments are at the end of each month (END).
CANM:0=PV×SPFV(100×((1+I%YR÷200)^(1÷6)-1):N)+PMT×USFV(100×((1+I%YR÷200)^(1÷6)-1):N)+FV
