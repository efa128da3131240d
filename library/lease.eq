# topic: Leases
# purpose: A lease with ADV payments in advance and a residual value: payment, value or yield.
# var: PV | the leased asset's value (the lessor's investment) | $
# var: PMT | the monthly payment | $
# var: ADV | payments made in advance, at signing (1 for a lease paid at the start of each month) |
# var: I%YR | the lessor's annual yield, monthly periods | %/yr
# var: N | number of monthly payments in all |
# var: RES | the residual value, at the end of month N | $
# example: PV=25000 ADV=1 I%YR=8 N=36 RES=15000 PMT → PMT=410.63
# source: 17bII+ owner's manual, chapter 14, "Leasing" (advance payments and a residual value); the lease's value, PMT·(ADV + a(N−ADV, i)) + RES·v^N
# note: The ADV advance payments come at signing; the other N−ADV at the ends of months 1 to N−ADV.
LEAS:PV=PMT×(ADV+USPV(I%YR÷12:N-ADV))+RES×SPPV(I%YR÷12:N)
