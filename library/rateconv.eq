# topic: Interest and rates
# purpose: A nominal rate compounded P1 times a year as the nominal rate compounded P2 times (the same effective rate).
# var: NOM2 | the nominal rate compounded P2 times a year | %/yr
# var: P2 | compounding periods a year of NOM2 |
# var: P1 | compounding periods a year of NOM1 |
# var: NOM1 | the nominal rate compounded P1 times a year | %/yr
# example: P1=12 NOM1=10 P2=4 NOM2 → NOM2=10.08
# source: equal effective rates, (1+NOM1/P1)^P1 = (1+NOM2/P2)^P2 (17bII+ owner's manual, chapter 6, "Interest Rate Conversions", and chapter 14, "A Fund with Regular Withdrawals", p.201: 10% monthly is 10.08% quarterly)
# note: The example is the manual's, p.201, display and all; p.198's Canadian factor (12% twice a year: 11.71% monthly) is in testdata/published.txt.
# note: Written with EXPM1 and LNP1 so that a small rate keeps its 12 digits. P2=2, P1=12 gives a Canadian mortgage's monthly rate from its semi-annual one backwards.
RCNV:NOM2=100×P2×EXPM1(P1×LNP1(NOM1÷100÷P1)÷P2)
