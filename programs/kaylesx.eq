KAYX:IF(S(INIT):L(P:1030507)-INIT:

0×L(W:Σ(J:0:5:1:10^J×(0×L(X:MOD(IP(P÷100^J):100))+
  IF(G(X)=0:0:IF(G(X)=3 OR G(X)=6 OR G(X)=18 OR G(X)=39:3:IF(G(X)=9 OR G(X)=21 OR G(X)=57:4:IF(G(X)=11 OR G(X)=22 OR G(X)=34 OR G(X)=70:6:IF(G(X)=15:7:IF(G(X)=28:5:MOD(IP(728127418214÷10^MOD(G(X):12)):10))))))))))+
0×L(N:Σ(B:0:3:1:2^B×MOD(Σ(J:0:5:1:IP(MOD(IP(G(W)÷10^J):10)÷2^B)):2)))+
0×IF(G(N)=0:INV(0):
  L(Q:-1)+
  Σ(J:0:5:1:IF(G(Q)<0:
    L(V:MOD(IP(G(W)÷10^J):10))+
    IF(Σ(B:0:3:1:2^B×MOD(IP(G(V)÷2^B)+IP(G(N)÷2^B):2))<G(V):L(Q:J):0):0))+
  L(D:MOD(IP(P÷100^G(Q)):100))+
  L(T:Σ(B:0:3:1:2^B×MOD(IP(MOD(IP(G(W)÷10^G(Q)):10)÷2^B)+IP(G(N)÷2^B):2)))+
  L(R:-1)+L(S:0)+
  Σ(K:1:MIN(2:G(D)):1:Σ(M:0:IP((G(D)-K)÷2):1:IF(G(R)<0 AND
    Σ(B:0:3:1:2^B×MOD(Σ(Z:0:1:1:IP((0×L(X:IF(Z=0:M:G(D)-K-M))+
    IF(G(X)=0:0:IF(G(X)=3 OR G(X)=6 OR G(X)=18 OR G(X)=39:3:IF(G(X)=9 OR G(X)=21 OR G(X)=57:4:IF(G(X)=11 OR G(X)=22 OR G(X)=34 OR G(X)=70:6:IF(G(X)=15:7:IF(G(X)=28:5:MOD(IP(728127418214÷10^MOD(G(X):12)):10))))))))÷2^B)):2))=G(T):
    L(R:G(D)-K-M)+L(S:M):0)))+
  L(P:(P-(G(D)-G(R))×100^G(Q))×IF(G(S)>0:100:1)+G(S)))+
P-EVAL
)
