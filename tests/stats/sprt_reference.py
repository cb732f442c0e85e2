#!/usr/bin/env python3
"""Reference figures for tests/stats/sprt_tests.cpp: the SPRT's log-likelihood ratio as
fishtest computes it (server/fishtest/stats/LLRcalc.py: LLR_normalized, the default model
of fastchess 1.x, and LLR_alt2, Ringmaster's logistic model), written out again here in plain
python3 without scipy (scipy.optimize.brentq replaced by a bisection to full precision), so
that the C++ is checked against an independent transcription, not against itself.

Results are fishtest's lists: [L, D, W] for games, [LL, LD, WL+DD, WD, WW] for pairs.
Run: python3 tests/stats/sprt_reference.py
"""
import math

NELO_DIVIDED_BY_NT = 800 / math.log(10)


def bisect(f, lo, hi):
    f_lo = f(lo)
    for _ in range(400):
        mid = (lo + hi) / 2
        if not lo < mid < hi:
            break
        f_mid = f(mid)
        if f_mid == 0:
            return mid
        if (f_mid < 0) == (f_lo < 0):
            lo, f_lo = mid, f_mid
        else:
            hi = mid
    return (lo + hi) / 2


def secular(pdf):
    """Solves sum_i p_i a_i / (1 + x a_i) = 0 (fishtest's secular)."""
    epsilon = 1e-9
    v = min(a for a, _ in pdf)
    w = max(a for a, _ in pdf)
    assert v * w < 0
    return bisect(lambda x: sum(p * a / (1 + x * a) for a, p in pdf), -1 / w + epsilon, -1 / v - epsilon)


def stats(pdf):
    s = sum(p * a for a, p in pdf)
    return s, sum(p * (a - s) ** 2 for a, p in pdf)


def mle_t_value(pdfhat, ref, s):
    """fishtest's MLE_t_value (section 4.1 of Van den Bergh's "Comments on Normalized Elo")."""
    n = len(pdfhat)
    pdf_mle = [(a, 1 / n) for a, _ in pdfhat]
    for _ in range(10):
        previous = pdf_mle
        mu, var = stats(pdf_mle)
        sigma = var ** 0.5
        pdf1 = [(a - ref - s * sigma * (1 + ((mu - a) / sigma) ** 2) / 2, p) for a, p in pdfhat]
        x = secular(pdf1)
        pdf_mle = [(pdfhat[i][0], pdfhat[i][1] / (1 + x * pdf1[i][0])) for i in range(n)]
        if max(abs(previous[i][1] - pdf_mle[i][1]) for i in range(n)) < 1e-9:
            break
    mu, var = stats(pdf_mle)
    assert abs(s - (mu - ref) / var ** 0.5) < 1e-5
    return pdf_mle


def results_to_pdf(results):
    results = [r if r != 0 else 1e-3 for r in results]  # fishtest's regularize
    n = sum(results)
    count = len(results)
    return n, [(i / (count - 1), results[i] / n) for i in range(count)]


def llr_normalized(nelo0, nelo1, results):
    nt0, nt1 = nelo0 / NELO_DIVIDED_BY_NT, nelo1 / NELO_DIVIDED_BY_NT
    if len(results) == 5:
        nt0, nt1 = nt0 * 2 ** 0.5, nt1 * 2 ** 0.5
    n, pdf = results_to_pdf(results)
    pdf0, pdf1 = mle_t_value(pdf, 0.5, nt0), mle_t_value(pdf, 0.5, nt1)
    return n * sum(pdf[i][1] * (math.log(pdf1[i][1]) - math.log(pdf0[i][1])) for i in range(len(pdf)))


def llr_normalized_alt(nelo0, nelo1, results):
    """fishtest's LLR_normalized_alt (section 4.2): Ringmaster's fallback."""
    count, pdf = results_to_pdf(results)
    mu, var = stats(pdf)
    sigma_pg, games = ((2 * var) ** 0.5, 2 * count) if len(results) == 5 else (var ** 0.5, count)
    nt0, nt1 = nelo0 / NELO_DIVIDED_BY_NT, nelo1 / NELO_DIVIDED_BY_NT
    nt = (mu - 0.5) / sigma_pg
    return (games / 2.0) * math.log((1 + (nt - nt0) ** 2) / (1 + (nt - nt1) ** 2))


def llr_logistic_alt2(elo0, elo1, results):
    """The quadratic approximation (fishtest's LLR_alt2 on unregularised counts):
    Ringmaster's logistic model."""
    n = sum(results)
    count = len(results)
    pdf = [(i / (count - 1), results[i] / n) for i in range(count)]
    s, var = stats(pdf)
    s0, s1 = [1 / (1 + 10 ** (-elo / 400)) for elo in (elo0, elo1)]
    return n * (s1 - s0) * (2 * s - s0 - s1) / var / 2.0


if __name__ == "__main__":
    print("normalized:")
    for bounds, results in [
        ((0, 5), [0, 0, 2, 0, 19]),  # the 21 pairs of issue 47 (fastchess 1.x: 0.40)
        ((0, 10), [5, 10, 40, 25, 20]),
        ((0, 5), [200, 2000, 5000, 2100, 250]),
        ((0, 5), [0, 0, 0, 0, 7]),
        ((0, 5), [1, 0, 0, 0, 0]),
        ((-5, 0), [0, 0, 21, 0, 0]),
        ((0, 10), [480, 200, 520]),
        ((0, 10), [10, 30, 60]),
        ((0, 10), [60, 30, 10]),
    ]:
        print(f"  {bounds} {results}: {llr_normalized(*bounds, results)!r}")
    print("normalized, section 4.2 approximation:")
    for bounds, results in [((-300, -100), [0, 0, 21, 0, 0])]:
        print(f"  {bounds} {results}: {llr_normalized_alt(*bounds, results)!r}")
    print("logistic (quadratic approximation):")
    for bounds, results in [((0, 5), [0, 0, 2, 0, 19])]:
        print(f"  {bounds} {results}: {llr_logistic_alt2(*bounds, results)!r}")
