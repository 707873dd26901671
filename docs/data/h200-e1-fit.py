"""Busy-launch fit of the h200 model (fit 3 in h200.yaml), kept for the record.

E1 high_priority_stream: latency = launch + U * (D + dispatch) + dispatch + 0.1 us, U uniform.
Busy launch = idle launch (E0 quantiles) with probability q, else idle + uniform [a, a + w] us.
Grid search minimising the squared error of the p5..p95 latencies at D = 20 and 200 us.
Run: python3 docs/data/h200-e1-fit.py (Python 3 and NumPy).
"""
import numpy as np, csv, itertools
rows=[r for r in csv.DictReader(open(__import__('os').path.join(__import__('os').path.dirname(__file__), 'h200-e1-samples.csv')))]
meas={}
for r in rows:
    if r['variant']=='high_priority_stream':
        meas.setdefault(float(r['block_us']),[]).append(float(r['latency_us']))
for D in meas: meas[D]=np.sort(meas[D])
# idle launch quantile dist (E0 minus dispatch 0.22 and empty block)
bd=0.22; b=0.1
kn_p=np.array([0.10,0.50,0.90,0.99]); kn_v=np.array([9.2,9.9,11.2,24.5])-bd-b
def idle(u): return np.interp(u,kn_p,kn_v)
rng=np.random.default_rng(1)
N=20000  # Monte Carlo draws per evaluation
U1=rng.random(N);U2=rng.random(N);U3=rng.random(N);U4=rng.random(N)
ps=np.arange(0.05,0.96,0.05)
def sim(q,a,w,D):
    L=idle(U1)+np.where(U2<q,0,a+w*U3)
    return L+U4*(D+bd)+bd+b
def err(q,a,w,Ds=(20.0,200.0)):
    e=0
    for D in Ds:
        s=np.quantile(sim(q,a,w,D),ps); m=np.quantile(meas[D],ps)
        e+=np.sum((s-m)**2)
    return e
best=None
for q in np.arange(0,0.5,0.05):
  for a in np.arange(0,80,4.0):
    for w in np.arange(0,80,4.0):
      e=err(q,a,w)
      if best is None or e<best[0]: best=(e,q,a,w)
print(best)
e,q,a,w=best
for D in (20.0,200.0,2000.0):
    s=sim(q,a,w,D); m=meas[D]
    print(D,[ (round(np.quantile(s,p),1), round(np.quantile(m,p),1)) for p in (0.1,0.5,0.9)])
# idle-only model (current)
for D in (20.0,200.0,2000.0):
    s=sim(1,0,0,D); m=meas[D]
    print('idle',D,[ (round(np.quantile(s,p),1), round(np.quantile(m,p),1)) for p in (0.1,0.5,0.9)])
