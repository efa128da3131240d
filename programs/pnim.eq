PNIM:IF(S(INIT):L(P:1357)-INIT:

0×L(N:Σ(B:0:3:1:2^B×MOD(Σ(J:0:11:1:IP(MOD(IP(P÷10^J):10)÷2^B)):2)))+
0×IF(G(N)=0:INV(0):
  L(Q:-1)+
  Σ(J:0:11:1:IF(G(Q)<0:
    IF(Σ(B:0:3:1:2^B×MOD(IP(MOD(IP(P÷10^J):10)÷2^B)+IP(G(N)÷2^B):2))<MOD(IP(P÷10^J):10):
      0×L(Q:J):0):0))+
  L(D:MOD(IP(P÷10^G(Q)):10))+
  L(P:P-(G(D)-Σ(B:0:3:1:2^B×MOD(IP(G(D)÷2^B)+IP(G(N)÷2^B):2)))×10^G(Q)))+
P-EVAL
)
