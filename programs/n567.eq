N567:IF(S(INIT):
100×L(A:5)+10×L(B:6)+L(C:7)-INIT:

0×L(N:Σ(J:0:2:1:2^J×MOD(IP(A÷2^J)+IP(B÷2^J)+IP(C÷2^J):2)))+
0×L(K:IF(A>1:1:0)+IF(B>1:1:0)+IF(C>1:1:0))+
0×L(O:IF(A=1:1:0)+IF(B=1:1:0)+IF(C=1:1:0))+
0×IF(G(K)=0:
  IF(MOD(G(O):2)=1 OR G(O)=0:INV(0):
  IF(C>0:L(C:C-1):IF(B>0:L(B:B-1):L(A:A-1)))):
IF(G(K)=1:
  IF(C>1:L(C:MOD(G(O)+1:2)):IF(B>1:L(B:MOD(G(O)+1:2)):L(A:MOD(G(O)+1:2)))):
IF(G(N)=0:INV(0):
IF(L(X:Σ(J:0:2:1:2^J×MOD(IP(C÷2^J)+IP(G(N)÷2^J):2)))<C:L(C:G(X)):
IF(L(X:Σ(J:0:2:1:2^J×MOD(IP(B÷2^J)+IP(G(N)÷2^J):2)))<B:L(B:G(X)):
L(A:Σ(J:0:2:1:2^J×MOD(IP(A÷2^J)+IP(G(N)÷2^J):2))))))))+
100×A+10×B+C-EVAL
)
