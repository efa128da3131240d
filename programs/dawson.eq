DAWS:IF(S(INIT):L(P:1357)-INIT:

0×L(N:0)+
0×Σ(J:0:11:1:L(N:Σ(B:0:1:1:2^B×MOD(IP(G(N)÷2^B)+
  IP(MOD(IP(113021100÷10^MOD(IP(P÷10^J):10)):10)÷2^B):2))))+
0×IF(G(N)=0:INV(0):
  L(Q:-1)+
  Σ(J:0:11:1:IF(G(Q)<0:
    L(V:MOD(IP(113021100÷10^MOD(IP(P÷10^J):10)):10))+
    IF(Σ(B:0:1:1:2^B×MOD(IP(G(V)÷2^B)+IP(G(N)÷2^B):2))<G(V):L(Q:J):0):0))+
  L(D:MOD(IP(P÷10^G(Q)):10))+
  L(T:Σ(B:0:1:1:2^B×MOD(IP(MOD(IP(113021100÷10^G(D)):10)÷2^B)+IP(G(N)÷2^B):2)))+
  L(R:-1)+L(S:0)+
  Σ(M:0:IP((G(D)-2)÷2):1:IF(G(R)<0 AND
    Σ(B:0:1:1:2^B×MOD(IP(MOD(IP(113021100÷10^M):10)÷2^B)+
    IP(MOD(IP(113021100÷10^(G(D)-2-M)):10)÷2^B):2))=G(T):
    L(R:G(D)-2-M)+L(S:M):0))+
  L(P:(P-(G(D)-G(R))×10^G(Q))×IF(G(S)>0:10:1)+G(S)))+
P-EVAL
)
