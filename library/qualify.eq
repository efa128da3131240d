# topic: Loans and mortgages
# purpose: The largest mortgage an income qualifies for under a housing-expense ratio.
# var: LOAN | the largest loan | $
# var: INC | gross annual income | $/yr
# var: RAT% | the housing-expense ratio allowed (28 is usual) | %
# var: TAX | monthly property tax and insurance | $/month
# var: I%YR | nominal annual rate, monthly periods | %/yr
# var: YRS | the loan's term | years
# example: INC=90000 RAT%=28 TAX=400 I%YR=6.5 YRS=30 LOAN → LOAN=268,958.39
# source: the front-end ratio (housing payment over gross monthly income, 28%) of the Fannie Mae Selling Guide, B3-6-02; the loan as the payment's present value, PMT·(1−(1+i)^−n)/i
QUAL:LOAN=(INC×RAT%÷1200-TAX)×USPV(I%YR÷12:12×YRS)
