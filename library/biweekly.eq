# topic: Loans and mortgages
# purpose: An accelerated bi-weekly mortgage: half the monthly payment every two weeks; the years it takes.
# var: I%YR | nominal annual rate (compounded monthly for the monthly loan, bi-weekly for the other) | %/yr
# var: YB | years to pay off with bi-weekly payments | years
# var: YRS | the monthly loan's term | years
# example: I%YR=6 YRS=30 YB → YB=24.51
# source: the annuity's present value a(n,i) = (1−(1+i)^−n)/i for both schedules, 26 half-payments a year against 12 whole ones (Brealey, Myers and Allen, Principles of Corporate Finance, ch. 2, "annuities")
# note: The loan cancels: PV = PMT·a(12·YRS, I%YR/12) = (PMT/2)·a(26·YB, I%YR/26). The thirteenth monthly payment a year is what shortens the term.
BIWK:USPV(I%YR÷26:26×YB)=2×USPV(I%YR÷12:12×YRS)
