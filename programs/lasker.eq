LASK:IF(S(INIT):L(P:1357)-INIT:

0×L(N:0)+
0×Σ(J:0:11:1:L(D:MOD(IP(P÷10^J):10))+
  L(N:Σ(B:0:3:1:2^B×MOD(IP(G(N)÷2^B)+
    IP((G(D)+IF(MOD(G(D):4)=3:1:IF(G(D)>0 AND MOD(G(D):4)=0:-1:0)))÷2^B):2))))+
0×IF(G(N)=0:INV(0):
  L(Q:-1)+
  Σ(J:0:11:1:IF(G(Q)<0:
    L(D:MOD(IP(P÷10^J):10))+
    L(V:G(D)+IF(MOD(G(D):4)=3:1:IF(G(D)>0 AND MOD(G(D):4)=0:-1:0)))+
    IF(Σ(B:0:3:1:2^B×MOD(IP(G(V)÷2^B)+IP(G(N)÷2^B):2))<G(V):L(Q:J):0):0))+
  L(D:MOD(IP(P÷10^G(Q)):10))+
  L(T:Σ(B:0:3:1:2^B×MOD(IP((G(D)+IF(MOD(G(D):4)=3:1:
    IF(G(D)>0 AND MOD(G(D):4)=0:-1:0)))÷2^B)+IP(G(N)÷2^B):2)))+
  L(R:-1)+L(S:0)+
  Σ(M:0:G(D)-1:1:IF(G(R)<0 AND
    M+IF(MOD(M:4)=3:1:IF(M>0 AND MOD(M:4)=0:-1:0))=G(T):L(R:M):0))+
  IF(G(R)<0:Σ(M:1:IP(G(D)÷2):1:IF(G(R)<0 AND
    Σ(B:0:3:1:2^B×MOD(IP((M+IF(MOD(M:4)=3:1:IF(MOD(M:4)=0:-1:0)))÷2^B)+
    IP((G(D)-M+IF(MOD(G(D)-M:4)=3:1:IF(MOD(G(D)-M:4)=0:-1:0)))÷2^B):2))=G(T):
    L(R:G(D)-M)+L(S:M):0)):0)+
  L(P:(P-(G(D)-G(R))×10^G(Q))×IF(G(S)>0:10:1)+G(S)))+
P-EVAL
)
