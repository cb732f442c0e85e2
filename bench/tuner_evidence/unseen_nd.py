#!/usr/bin/env python3
"""bench/tuner_evidence/unseen_nd.py [--seed S] [--dims LIST] [--names]

Prints test problems of two or more parameters drawn at random from five kinds of win rate, as
ringmaster-simulate arguments (`-e EXPR`, one per line): problems no tuner setting was chosen
on, to check that a tuner's figures on the shipped problems (correlated, rosenbrock, log5)
carry over to others. Each problem is a logit r(x) over the box [-1, 1]^d, its win probability
1/(1+exp(-r)), written in rotated coordinates z = R^T (x - c) (R a random rotation, so that the
parameters interact; c, the top, uniform in [-0.5, 0.5]^d):

  quadratic  a smooth top, its curvatures a factor of up to 10 apart along the axes of z
  skewed     a smooth top, steeper on one side of each axis (a "linex" curve per axis)
  flat       a flat top (a quartic per axis, with a little quadratic)
  kinked     a corner where straight slopes meet (two slopes per axis of z)
  ridge      a curved ridge (Rosenbrock's banana in the first two axes, a quadratic in the rest)

The top's logit is uniform in [-0.5, 0.5]; the logit falls from the top by 1 to 3 (random) at
the lowest point of the box. One problem of each kind for each number of parameters in --dims
(default 2,3,5): fifteen problems, named KIND + d (quadratic2 ...). The draws depend only on
the seed (default 2026) and d, so the same command gives the same problems.
"""
import argparse
import math
import random


def fmt(v):
    return f"{v:.4f}"


def rotation(g, d):
    """A random rotation (Gram-Schmidt of a Gaussian matrix); columns are the axes of z."""
    cols = []
    while len(cols) < d:
        v = [g.gauss(0.0, 1.0) for _ in range(d)]
        for c in cols:
            dot = sum(a * b for a, b in zip(v, c))
            v = [a - dot * b for a, b in zip(v, c)]
        norm = math.sqrt(sum(a * a for a in v))
        if norm > 1e-6:
            cols.append([a / norm for a in v])
    return cols


class Axes:
    """z_k = sum_j R[j][k] (x_j - c_j), as numbers (to scale the problem) and as text."""

    def __init__(self, g, d):
        self.d = d
        self.c = [g.uniform(-0.5, 0.5) for _ in range(d)]
        self.r = rotation(g, d)

    def value(self, x, k):
        return sum(self.r[k][j] * (x[j] - self.c[j]) for j in range(self.d))

    def text(self, k):
        terms = "+".join(f"({fmt(self.r[k][j])})*(x{j + 1}-({fmt(self.c[j])}))"
                         for j in range(self.d))
        return f"({terms})"


def separable(axes, term, text):
    """The logit -sum_k term(k, z_k), as a function of x and as text (text(k, z) for term k)."""
    value = lambda x: -sum(term(k, axes.value(x, k)) for k in range(axes.d))
    return value, "-(" + "+".join(text(k, axes.text(k)) for k in range(axes.d)) + ")"


def quadratic(g, axes):
    s = [math.exp(g.uniform(0.0, math.log(10.0))) for _ in range(axes.d)]
    return separable(axes, lambda k, z: s[k] * z ** 2, lambda k, z: f"{fmt(s[k])}*{z}^2")


def skewed(g, axes):
    a = [g.choice([-1, 1]) * g.uniform(1.0, 3.0) for _ in range(axes.d)]
    s = [g.uniform(0.5, 2.0) for _ in range(axes.d)]
    return separable(axes, lambda k, z: s[k] * (math.exp(a[k] * z) - 1 - a[k] * z),
                     lambda k, z: f"{fmt(s[k])}*(exp({fmt(a[k])}*{z})-1-({fmt(a[k])})*{z})")


def flat(g, axes):
    a = [g.uniform(0.0, 0.5) for _ in range(axes.d)]
    s = [g.uniform(0.5, 2.0) for _ in range(axes.d)]
    return separable(axes, lambda k, z: s[k] * (a[k] * z ** 2 + (1 - a[k]) * z ** 4),
                     lambda k, z: f"{fmt(s[k])}*({fmt(a[k])}*{z}^2+{fmt(1 - a[k])}*{z}^4)")


def kinked(g, axes):
    lo = [g.uniform(0.3, 1.5) for _ in range(axes.d)]
    hi = [g.uniform(0.3, 1.5) for _ in range(axes.d)]
    return separable(axes, lambda k, z: lo[k] * max(-z, 0) + hi[k] * max(z, 0),
                     lambda k, z: f"{fmt(lo[k])}*max(-{z},0)+{fmt(hi[k])}*max({z},0)")


def ridge(g, axes):
    b = g.choice([-1, 1]) * g.uniform(1.0, 2.0)
    along, across = g.uniform(0.5, 2.0), g.uniform(5.0, 20.0)
    s = [g.uniform(0.5, 2.0) for _ in range(axes.d)]
    value = lambda x: -(across * (axes.value(x, 1) - b * axes.value(x, 0) ** 2) ** 2
                        + along * axes.value(x, 0) ** 2
                        + sum(s[k] * axes.value(x, k) ** 2 for k in range(2, axes.d)))
    rest = "".join(f"+{fmt(s[k])}*{axes.text(k)}^2" for k in range(2, axes.d))
    text = (f"-({fmt(across)}*({axes.text(1)}-({fmt(b)})*{axes.text(0)}^2)^2"
            f"+{fmt(along)}*{axes.text(0)}^2{rest})")
    return value, text


KINDS = [("quadratic", quadratic), ("skewed", skewed), ("flat", flat), ("kinked", kinked),
         ("ridge", ridge)]


def lowest(g, value, d):
    """The lowest logit over the box: its 2^d corners and 4,000 random points."""
    points = [[g.uniform(-1.0, 1.0) for _ in range(d)] for _ in range(4000)]
    for m in range(2 ** d):
        points.append([1.0 if m >> j & 1 else -1.0 for j in range(d)])
    return min(value(x) for x in points)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[1])
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--dims", default="2,3,5", help="numbers of parameters, 2 to 8 (2,3,5)")
    ap.add_argument("--names", action="store_true", help="print the problems' names")
    args = ap.parse_args()
    try:
        dims = [int(d) for d in args.dims.split(",")]
    except ValueError:
        ap.error(f"--dims: {args.dims!r} is not a list of whole numbers (2,3,5)")
    if any(d < 2 or d > 8 for d in dims):
        ap.error("--dims: each number of parameters must be 2 to 8")
    for d in dims:
        g = random.Random(args.seed)  # each d afresh: --dims 3 alone gives the same problems
        for name, draw in KINDS:
            axes = Axes(g, d)
            value, text = draw(g, axes)
            scale = g.uniform(1.0, 3.0) / -lowest(g, value, d)
            top = g.uniform(-0.5, 0.5)
            if args.names:
                print(f"{name}{d}")
            else:
                print(f"1/(1+exp(-({fmt(top)}+{fmt(scale)}*({text}))))")


if __name__ == "__main__":
    main()
