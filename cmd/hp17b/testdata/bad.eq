A=B+
  C×)
