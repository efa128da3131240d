# topic: Dates
# purpose: The date DAYS days after (or before, DAYS negative) a date.
# var: D2 | the date found (M.DDYYYY) | date
# var: D1 | the first date (M.DDYYYY) | date
# var: DAYS | the days between |
# example: D1=1.152024 DAYS=90 D2 → D2=4.14
# source: DATE(d:n) (17bII+ owner's manual, chapter 12, Table 12-2); the calendar from October 15, 1582 to December 31, 9999
# note: The display rounds the date: set DSP ALL (or FIX 6) to see it whole, 4.142024 here.
DUE:D2=DATE(D1:DAYS)
