#!/usr/bin/env python3
"""bench/tuner_evidence/start_nd.py --dir DIR [--seed S] [--dims LIST] [--offset F] [--spreads LIST] [--table]

Writes the tuner files of the model_tuner's `start` measurement (docs/model-tuner-research.md,
"A start, as shipped") into DIR. With --offset F (normalised units) for each problem of
unseen_nd.py (same --seed and --dims): the problem as NAME.expr, and a start F from its top in
a direction fixed by the name, as NAME-model-SPREAD.yaml (a model_tuner with that start and each
spread) and NAME-ce.yaml (the ce_tuner preset's settings with the start as its initial mean);
the names one per line in DIR/names. Without --offset: start-dD.yaml for each number of
parameters, a model_tuner started at the middle with the first spread. --table: prints, from
DIR/near-NAME.json (ringmaster-simulate --json of one problem), each start's paired difference
from the model_tuner without one and from the ce_tuner started there (regret x 1000, 1k / 10k).
"""
import argparse
import json
import math
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import unseen_nd as U  # noqa: E402


def model_file(path, start, spread):
    with open(path, "w") as f:
        f.write(f"competition_type: model_tuner\nspread: {spread}\nparameters:\n")
        for k, s in enumerate(start):
            f.write(f"  - {{code: x{k + 1}, lower: -1, upper: 1, start: {s:.4f}}}\n")


def ce_file(path, start):
    with open(path, "w") as f:
        f.write("competition_type: ce_tuner\nsamples_per_generation: 50\nbatch_size: 10\n"
                "elite_proportion: 0.1\nstep_size: 0.5\nparameters:\n")
        for k, s in enumerate(start):
            f.write(f"  - {{code: x{k + 1}, initial_mean: {s:.4f}, initial_variance: 0.5, "
                    "transform: 'max(-1, min(1, x))'}\n")


def paired(base, exp):
    d = [1000.0 * (b - a) for a, b in zip(base, exp)]
    m = sum(d) / len(d)
    se = math.sqrt(sum((x - m) ** 2 for x in d) / (len(d) - 1) / len(d))
    return f"{m:+7.2f} ± {se:5.2f}" + ("*" if abs(m) > 2 * se else " ")


def table(directory, spreads):
    print("problem      budget  no start   ce there  " +
          "  ".join(f"spread {s} - no start   spread {s} - ce" for s in spreads) +
          "   (* beyond 2 SE)")
    for tag in open(os.path.join(directory, "names")).read().split():
        with open(os.path.join(directory, f"near-{tag}.json")) as f:
            rows = {(r["tuner"], r["budget"]): r["regrets"] for r in json.load(f)["rows"]}
        for budget in sorted({b for _, b in rows}):
            base, ce = rows[("model", budget)], rows[(f"{tag}-ce.yaml", budget)]
            line = f"{tag:12s} {budget:6d} {1000 * sum(base) / len(base):9.2f} "
            line += f"{1000 * sum(ce) / len(ce):9.2f}  "
            for s in spreads:
                exp = rows[(f"{tag}-model-{s}.yaml", budget)]
                line += f"  {paired(base, exp)}  {paired(ce, exp)}"
            print(line)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[1])
    ap.add_argument("--dir", required=True)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--dims", default="2,3,5")
    ap.add_argument("--offset", type=float)
    ap.add_argument("--spreads", default="0.25,0.1")
    ap.add_argument("--table", action="store_true")
    args = ap.parse_args()
    dims = [int(d) for d in args.dims.split(",")]
    spreads = [float(s) for s in args.spreads.split(",")]
    if args.table:
        table(args.dir, spreads)
        return
    os.makedirs(args.dir, exist_ok=True)
    if args.offset is None:
        for d in dims:
            model_file(os.path.join(args.dir, f"start-d{d}.yaml"), [0.0] * d, spreads[0])
        return
    names = []
    for d in dims:
        g = random.Random(args.seed)  # as unseen_nd.py: the same problems
        for name, draw in U.KINDS:
            axes = U.Axes(g, d)
            value, text = draw(g, axes)
            scale = g.uniform(1.0, 3.0) / -U.lowest(g, value, d)
            top = g.uniform(-0.5, 0.5)
            tag = f"{name}{d}"
            with open(os.path.join(args.dir, f"{tag}.expr"), "w") as f:
                f.write(f"1/(1+exp(-({U.fmt(top)}+{U.fmt(scale)}*({text}))))")
            h = random.Random(tag)  # the direction depends on the name only
            v = [h.gauss(0.0, 1.0) for _ in range(d)]
            norm = math.sqrt(sum(x * x for x in v))
            start = [max(-1.0, min(1.0, c + args.offset * x / norm)) for c, x in zip(axes.c, v)]
            for spread in spreads:
                model_file(os.path.join(args.dir, f"{tag}-model-{spread}.yaml"), start, spread)
            ce_file(os.path.join(args.dir, f"{tag}-ce.yaml"), start)
            names.append(tag)
    with open(os.path.join(args.dir, "names"), "w") as f:
        f.write("".join(n + "\n" for n in names))


if __name__ == "__main__":
    main()
