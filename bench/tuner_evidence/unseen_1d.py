#!/usr/bin/env python3
"""bench/tuner_evidence/unseen_1d.py [--seed S] [--per-kind K]

Prints one-parameter test problems drawn at random from five kinds of win rate, as
ringmaster-simulate arguments (`-e EXPR`, one per line): problems no tuner setting was chosen
on, to check that a one-parameter tuner's figures on the shipped problems carry over to
others. Each problem is a logit r(x) over the box [-1, 1], its win probability 1/(1+exp(-r)):

  skewed   a smooth top, steeper on one side (a "linex" curve: exp(k u) - 1 - k u)
  flat     a flat top (a quartic, with a little quadratic)
  kinked   a top where two straight slopes meet (a corner, as `angle` and `step` have)
  twohill  a broad hill and a narrow one, either of them the higher
  ripple   a smooth top with small waves on it (several local maxima of nearly equal height)

The top's logit is uniform in [-0.5, 0.5]; from the top (the broad hill's, for twohill) the
logit falls by 0.4 to 2 (random) to each end of the box, the range of effects a real engine
parameter shows. The draws depend only on the seed
(default 2026), so the same command gives the same problems.
"""
import argparse
import math
import random


def fmt(v):
    return f"{v:.4f}"


def skewed(g):
    c, k = g.uniform(-0.6, 0.6), g.choice([-1, 1]) * g.uniform(1.0, 4.0)
    drop = g.uniform(0.4, 2.0)
    linex = lambda x: math.exp(k * (x - c)) - 1 - k * (x - c)
    scale = drop / max(linex(-1.0), linex(1.0))
    u = f"(x1-({fmt(c)}))"
    return f"-{fmt(scale)}*(exp({fmt(k)}*{u})-1-({fmt(k)})*{u})"


def flat(g):
    c, drop, a = g.uniform(-0.6, 0.6), g.uniform(0.4, 1.5), g.uniform(0.0, 0.5)
    w = max(1 + c, 1 - c)
    u = f"((x1-({fmt(c)}))/{fmt(w)})"
    return f"-{fmt(drop)}*({fmt(a)}*{u}^2+{fmt(1 - a)}*{u}^4)"


def kinked(g):
    c = g.uniform(-0.6, 0.6)
    left, right = g.uniform(0.4, 2.0) / (1 + c), g.uniform(0.4, 2.0) / (1 - c)
    return f"-{fmt(left)}*max({fmt(c)}-x1,0)-{fmt(right)}*max(x1-({fmt(c)}),0)"


def twohill(g):
    cb, cn = g.uniform(-0.8, -0.1), g.uniform(0.1, 0.8)
    if g.random() < 0.5:
        cb, cn = -cb, -cn
    sb = g.uniform(0.4, 2.0) / max(1 + cb, 1 - cb) ** 2
    sn, gap = g.uniform(10.0, 30.0), g.uniform(0.1, 0.3)
    hb, hn = (0.0, gap) if g.random() < 0.5 else (gap, 0.0)
    return (f"max({fmt(hb)}-{fmt(sb)}*(x1-({fmt(cb)}))^2,"
            f"{fmt(hn)}-{fmt(sn)}*(x1-({fmt(cn)}))^2)")


def ripple(g):
    c = g.uniform(-0.6, 0.6)
    s = g.uniform(0.4, 2.0) / max(1 + c, 1 - c) ** 2
    a, w, p = g.uniform(0.05, 0.15), g.uniform(6.0, 12.0), g.uniform(0.0, 2 * math.pi)
    return f"-{fmt(s)}*(x1-({fmt(c)}))^2+{fmt(a)}*sin({fmt(w)}*x1+{fmt(p)})"


KINDS = [("skewed", skewed), ("flat", flat), ("kinked", kinked), ("twohill", twohill),
         ("ripple", ripple)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[1])
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--per-kind", type=int, default=3)
    ap.add_argument("--names", action="store_true", help="print kind names, not expressions")
    args = ap.parse_args()
    g = random.Random(args.seed)
    for i in range(args.per_kind):
        for name, draw in KINDS:
            logit = draw(g)
            top = g.uniform(-0.5, 0.5)
            if args.names:
                print(f"{name}{i + 1}")
            else:
                print(f"1/(1+exp(-({fmt(top)}+{logit})))")


if __name__ == "__main__":
    main()
