# topic: Savings and annuities
# purpose: Time value of money with any periods a year and Begin or End payments, in one equation.
# var: PV | present value (received: positive) | $
# var: I%YR | nominal annual rate | %/yr
# var: P | periods a year | 1/yr
# var: N | number of periods |
# var: BEG | 1 for payments at the start of each period (Begin), 0 at the end (End) |
# var: PMT | the periodic payment | $
# var: FV | future value | $
# example: PV=5750 I%YR=10.5 P=12 N=36 BEG=0 FV=0 PMT → PMT=-186.89
# source: the TVM equation of the 17bII+ owner's manual, chapter 5, p.65 (0 = PV + (1+iS)·PMT·USPV(i:N) + FV·SPPV(i:N), S 1 for Begin); its car loan, p.68
# note: The example is the manual's car loan, p.68, display and all; its balloon mortgage, p.70, is in testdata/published.txt.
# note: Written with SPFV and USFV, the future values, so that nothing is divided by the growth factor.
TVMB:PV×SPFV(I%YR÷P:N)+(1+I%YR÷P÷100×BEG)×PMT×USFV(I%YR÷P:N)+FV=0
