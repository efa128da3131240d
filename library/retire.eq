# topic: Savings and annuities
# purpose: Saving for retirement: the monthly deposit for YS years that pays a monthly withdrawal WD for YW years after.
# var: DEP | the monthly deposit | $
# var: I%YR | nominal annual rate, monthly periods | %/yr
# var: YS | years of saving | years
# var: WD | the monthly withdrawal | $
# var: YW | years of withdrawals | years
# example: I%YR=6 YS=30 WD=3000 YW=25 DEP → DEP=463.53
# source: the saved amount, DEP·s(12·YS, i), is the present value of the withdrawals, WD·a(12·YW, i) (Kellison, The Theory of Interest, ch. 4)
# note: Deposits at the end of each month; the first withdrawal a month after the last deposit.
RETR:DEP×USFV(I%YR÷12:12×YS)=WD×USPV(I%YR÷12:12×YW)
