# topic: Loans and mortgages
# purpose: A loan whose first payment comes DAYS days after the loan (0 to 59), simple interest for the odd days.
# var: PV | the loan (received: positive) | $
# var: I%YR | nominal annual rate, monthly periods | %/yr
# var: DAYS | days from the loan to the first payment, 0 to 59 (30-day months) | days
# var: PMT | the monthly payment (paid: negative) | $
# var: N | number of monthly payments | months
# var: FV | a balloon paid with the last payment (paid: negative), else 0 | $
# example: PV=4500 I%YR=15 DAYS=46 N=36 FV=0 PMT → PMT=-157.03
# source: 17bII+ owner's manual, chapter 14, "Loan with an Odd (Partial) First Period", pp.195-197 (simple interest for the odd period, 30-day months; Begin below 30 days, End from 30 to 59)
# note: The example's display is computed, and checked against the reference; the manual's own, on p.197, is not among the pages read.
# note: Under 30 days the payments start at once after the odd days (Begin); from 30 to 59 days a full month comes before the first payment (End). FP(DAYS÷30) is the odd part of a month, charged simple interest.
ODD:PV×(1+I%YR÷1200×FP(DAYS÷30))+IF(DAYS<30:1+I%YR÷1200:1)×PMT×USPV(I%YR÷12:N)+FV×SPPV(I%YR÷12:N)=0
