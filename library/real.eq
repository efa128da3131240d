# topic: Interest and rates
# purpose: The real rate of interest from the nominal rate and inflation (Fisher's equation).
# note: Written REAL%=(NOM%−INF%)÷(1+INF%÷100), Fisher's equation solved for the real rate: solving 1+NOM%÷100=(1+REAL%÷100)×(1+INF%÷100) for REAL% takes a difference of numbers near 1 and keeps 9 digits of 12 (NOM% 1.25, INF% 1: 0.247524752).
# var: NOM% | the nominal rate | %
# var: REAL% | the real rate | %
# var: INF% | inflation | %
# example: NOM%=8 INF%=3 REAL% → REAL%=4.85
# source: Fisher's equation, 1+nominal = (1+real)(1+inflation) (Fisher, The Theory of Interest, 1930)
REAL:REAL%=(NOM%-INF%)÷(1+INF%÷100)
