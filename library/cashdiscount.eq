# topic: Business
# purpose: The annual cost of not taking a cash discount (2/10 net 30): the rate paid for the extra days' credit.
# var: COST% | the annual cost of the credit | %/yr
# var: DSC% | the discount | %
# var: NET | the days to pay the full price |
# var: DAYS | the days the discount is offered |
# example: DSC%=2 DAYS=10 NET=30 COST% → COST%=37.24
# source: the cost of trade credit, d/(100−d) · 365/(net − discount days) (Brigham and Ehrhardt, Financial Management: Theory and Practice, "trade credit")
CASH:COST%=DSC%÷(100-DSC%)×365÷(NET-DAYS)×100
