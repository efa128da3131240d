# topic: Interest and rates
# purpose: Simple interest for DAYS days at an annual rate, on a 360- or 365-day year.
# var: INT | the interest | $
# var: PV | the principal | $
# var: I%YR | the annual rate | %/yr
# var: DAYS | the days |
# var: YR | days in the year: 360 or 365 |
# example: PV=450 I%YR=7 DAYS=60 YR=365 INT → INT=5.18
# source: I = P·r·t (17bII+ owner's manual, chapter 14, "Simple Interest at an Annual Rate": 450 for 60 days at 7%, 365-day basis)
SINT:INT=PV×I%YR÷100×DAYS÷YR
