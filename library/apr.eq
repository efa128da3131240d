# topic: Loans and mortgages
# purpose: The APR of a loan with points and fees: the rate at which the money really received pays the contract's payments.
# var: PV | the loan's amount | $
# var: PTS | points charged, each 1% of the loan | points
# var: FEES | other fees taken from the loan | $
# var: FV | a balloon at the end (paid: negative; -PV for an interest-only loan), else 0 | $
# var: APR | the annual percentage rate, monthly periods | %/yr
# var: N | number of monthly payments | months
# var: I%YR | the contract's nominal annual rate, monthly periods | %/yr
# example: PV=60000 PTS=2 FEES=0 FV=0 I%YR=11.5 N=360 APR → APR=11.76
# source: 17bII+ owner's manual, chapter 14, "Annual Percentage Rate for a Loan with Fees", pp.193-195 (the payment from the contract rate, then the rate that gives it on the amount less the fees); Regulation Z, 12 CFR 1026.22 (the APR)
# note: The example is the manual's, p.194, display and all; the 12c Platinum's (fee of 750: 5.54%) and the 10bII+'s (two points at 8.5%: 8.72%) are in testdata/published.txt.
# note: The payment is the contract's: (PV+FV×SPPV(I%YR÷12:N))÷USPV(I%YR÷12:N). APR is that payment's rate on PV less the points and fees. The lender's yield on an interest-only loan: FV=-PV (p.194: 1,000,000 at 12% for 10 years, 3 points: 12.53%).
APR:PV×(1-PTS÷100)-FEES+FV×SPPV(APR÷12:N)=(PV+FV×SPPV(I%YR÷12:N))×USPV(APR÷12:N)÷USPV(I%YR÷12:N)
