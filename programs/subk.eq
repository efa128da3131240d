SUBK:IF(S(INIT):
100×L(A:3)+10×L(B:5)+L(C:7)+0×L(K:IF(K<1:3:IP(K)))-INIT:

0×L(M:K+1)+
0×L(N:Σ(J:0:3:1:2^J×MOD(IP(MOD(A:G(M))÷2^J)+IP(MOD(B:G(M))÷2^J)+
  IP(MOD(C:G(M))÷2^J):2)))+
0×IF(G(N)=0:INV(0):
IF(L(T:Σ(J:0:3:1:2^J×MOD(IP(MOD(C:G(M))÷2^J)+IP(G(N)÷2^J):2)))<MOD(C:G(M)):
  L(C:C-MOD(C:G(M))+G(T)):
IF(L(T:Σ(J:0:3:1:2^J×MOD(IP(MOD(B:G(M))÷2^J)+IP(G(N)÷2^J):2)))<MOD(B:G(M)):
  L(B:B-MOD(B:G(M))+G(T)):
L(A:A-MOD(A:G(M))+Σ(J:0:3:1:2^J×MOD(IP(MOD(A:G(M))÷2^J)+IP(G(N)÷2^J):2))))))+
100×A+10×B+C-EVAL
)
