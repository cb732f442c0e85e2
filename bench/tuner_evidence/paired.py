#!/usr/bin/env python3
"""usage: paired.py [--names FILE] BASE.json EXP.json [BASE_TUNER [EXP_TUNER]]

The paired difference, run by run, between two `ringmaster-simulate --json` files made with the
same problems, seed, runs and range options (for instance by two builds of the simulator, which
--baseline cannot compare): for each problem and budget, the mean of EXP's regret less BASE's,
x 1000, with its standard error and z. Tuners default to `model`. Negative: EXP is better.
--names FILE: lines "NAME<tab>EXPRESSION" (unseen_1d.sh writes them) print an expression
problem by its name.
"""
import json
import math
import sys


def rows(path, tuner):
    try:
        with open(path) as f:
            data = json.load(f)
        return {(r["problem"], r["budget"]): r["regrets"]
                for r in data["rows"] if r["tuner"] == tuner}
    except (OSError, ValueError, KeyError, TypeError) as e:
        sys.exit(f"paired.py: {path}: not a ringmaster-simulate --json file ({e})")


def main():
    args = sys.argv[1:]
    names = {}
    if len(args) >= 2 and args[0] == "--names":
        try:
            with open(args[1]) as f:
                for line in f:
                    name, _, expression = line.rstrip("\n").partition("\t")
                    names[expression] = name
        except OSError as e:
            sys.exit(f"paired.py: {args[1]}: {e.strerror}")
        args = args[2:]
    if len(args) < 2 or args[0] in ("-h", "--help"):
        print(__doc__.strip())
        sys.exit(0 if args else 2)
    base = rows(args[0], args[2] if len(args) > 2 else "model")
    exp = rows(args[1], args[3] if len(args) > 3 else "model")
    label = lambda problem: names.get(problem, problem)
    width = max((len(label(p)) for p, _ in base), default=8)
    for key in base:
        if key not in exp:
            continue
        a, b = base[key], exp[key]
        n = min(len(a), len(b))
        d = [1000 * (b[i] - a[i]) for i in range(n)]
        m = sum(d) / n
        se = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1) / n) if n > 1 else 0.0
        z = m / se if se else 0.0
        print(f"{label(key[0]):{width}s} {key[1]:6d}  base {1000 * sum(a[:n]) / n:7.2f}"
              f"  exp {1000 * sum(b[:n]) / n:7.2f}  diff {m:+7.2f} ± {se:5.2f}  z {z:+5.1f}  n {n}")


if __name__ == "__main__":
    main()
