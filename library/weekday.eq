# topic: Dates
# purpose: The day of the week of a date: 1 Monday to 7 Sunday.
# var: DAY | the day of the week, 1 Monday … 7 Sunday |
# var: D | the date (M.DDYYYY) | date
# example: D=7.041776 DAY → DAY=4.00
# source: days counted from a known Monday (January 5, 1970) modulo 7 (Reingold and Dershowitz, Calendrical Calculations, ch. 1)
WKDY:DAY=MOD(DDAYS(1.051970:D:1):7)+1
