# topic: Loans and mortgages
# purpose: A balloon loan: payments as if amortized over T months, the balance paid off at month N.
# var: BAL | the balloon: the balance owed after the Nth payment, paid with it | $
# var: PV | the loan | $
# var: I%YR | nominal annual rate, monthly periods | %/yr
# var: N | the month the balloon falls due | months
# var: T | the months the payments are figured over (the amortization term) | months
# example: PV=75250 I%YR=13.8 T=300 N=48 BAL → BAL=73,408.78
# source: the balance after N payments, PV(1+i)^N − PMT((1+i)^N−1)/i with PMT = PV·i/(1−(1+i)^−T) (Brueggeman and Fisher, Real Estate Finance and Investments, "loan balance"); the 17bII+ owner's manual, chapter 5, "A Mortgage with a Balloon Payment", p.70
# note: The monthly payment is PV÷USPV(I%YR÷12:T); BAL does not include it.
BALN:BAL=PV×(SPFV(I%YR÷12:N)-USFV(I%YR÷12:N)÷USPV(I%YR÷12:T))
