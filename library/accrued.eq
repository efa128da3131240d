# topic: Dates
# purpose: Simple interest accrued between two dates, by the day count of CAL.
# var: INT | the interest | $
# var: PV | the principal | $
# var: I%YR | the annual rate | %/yr
# var: D1 | the first date (M.DDYYYY) | date
# var: D2 | the second date (M.DDYYYY) | date
# var: CAL | the day count: 1 actual, 2 a 365-day year (no February 29), 3 a 360-day year |
# var: YR | the days of the year divided by: 360 or 365 |
# example: PV=10000 I%YR=5 D1=1.152024 D2=7.152024 CAL=1 YR=360 INT → INT=252.78
# source: DDAYS's three calendars (17bII+ owner's manual, chapter 12, Table 12-2, and chapter 11, "Calculating the Number of Days between Dates"); actual/360 and 30/360 as in the ISDA 2006 Definitions, section 4.16
ACCR:INT=PV×I%YR÷100×DDAYS(D1:D2:CAL)÷YR
