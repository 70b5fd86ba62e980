"""The statistics of the balance lab: how sure a simulated figure is, and whether two rulesets
really differ in it.

Stdlib only (math), so that `simulate` and `compare` need no numeric library:

- `wilson`: the 95% Wilson score interval of a proportion (a win share). Unlike the textbook
  p ± 1.96·se it stays inside [0, 1] and is honest for shares near 0 or 1 and small samples.
- `mean_interval`: a mean with its 95% Student t interval (hands per game).
- `share_interval`: a share of counted things (hands that ended by a knock, seats that won)
  from per-game counts: the t interval of the linearised per-game values (games cluster), never
  narrower than the Wilson interval of the pooled counts. The t interval alone is empty when
  every game gave the same share (0 wins in 48 games: "0.0-0.0"); 0 of 48 is 0.0-7.4%.
- `difference_interval`: the same for a difference of two shares (Newcombe's interval from the
  two Wilson intervals, widened to the t interval of the per-game differences).
- `paired_test`: two rulesets played on the same seeds (common random numbers) give one pair
  of values per seed; the test is a t test on the per-seed differences (for a 0/1 figure,
  did seat 2 win?, the large-sample form of McNemar's test), exact by sign flips when only a
  few seeds differ. Identical games give identical pairs and p = 1 exactly, so a ruleset is
  never "different" from itself.
- `paired_ratio_test`: the same for a ratio of totals (turns per hand = all turns / all
  hands), linearised per seed (the delta method), so games of different lengths weigh as they
  do in the ratio itself.
- `holm`: Holm's step-down adjustment, for reading many figures at once.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

#: the 97.5% quantile of the standard normal: two-sided 95%
Z95 = 1.959963984540054
ALPHA = 0.05


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of successes/trials; (0, 1) when there are no trials. Not
    empty at 0 or at all: 0 of 48 is 0.0-7.4%, 48 of 48 is 92.6-100%."""
    if trials <= 0:
        return 0.0, 1.0
    p = min(1.0, max(0.0, successes / trials))
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return low, high


def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_two_sided(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with df degrees of freedom."""
    if math.isnan(t):
        return 1.0
    if math.isinf(t):
        return 0.0
    return min(1.0, max(0.0, _betainc(df / 2.0, 0.5, df / (df + t * t))))


def t_quantile_975(df: float) -> float:
    """The two-sided 95% critical value of Student's t (bisection on t_two_sided)."""
    lo, hi = 0.0, 100.0
    for _ in range(80):
        mid = (lo + hi) / 2
        if t_two_sided(mid, df) > ALPHA:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def _mean_var(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    mean = math.fsum(xs) / n
    var = math.fsum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return mean, var


def mean_interval(xs: Sequence[float]) -> tuple[float, float, float]:
    """The mean of xs and its 95% t interval (mean, low, high); a single value has no spread
    to measure, so its interval is the value itself."""
    if not xs:
        return 0.0, 0.0, 0.0
    mean, var = _mean_var(xs)
    if len(xs) < 2 or var == 0.0:
        return mean, mean, mean
    half = t_quantile_975(len(xs) - 1) * math.sqrt(var / len(xs))
    return mean, mean - half, mean + half


def _hull(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    return min(a[0], b[0]), max(a[1], b[1])


def share_interval(num: Sequence[float], den: Sequence[float]) -> tuple[float, float, float]:
    """The share sum(num)/sum(den) of per-game counts (num[i] of den[i] things of game i) with
    its 95% interval (share, low, high), kept inside [0, 1]: the t interval of the linearised
    per-game values, which sees games that cluster, widened to the Wilson interval of the
    pooled counts, which is honest at 0 and 1 and never empty."""
    _, low, high = mean_interval(linearized(num, den))
    pooled = wilson(math.fsum(num), math.fsum(den))
    low, high = _hull((max(0.0, low), min(1.0, high)), pooled)
    return ratio(num, den), low, high


def difference_interval(num_a: Sequence[float], num_b: Sequence[float],
                        den_a: Sequence[float], den_b: Sequence[float]
                        ) -> tuple[float, float, float]:
    """share_a - share_b (two shares of the same games, see `share_interval`) with its 95%
    interval: Newcombe's hybrid score interval from the two Wilson intervals, widened to the
    t interval of the per-game differences (the shares of one game are not independent)."""
    a, b = linearized(num_a, den_a), linearized(num_b, den_b)
    _, low, high = mean_interval([x - y for x, y in zip(a, b)])
    pa, pb = ratio(num_a, den_a), ratio(num_b, den_b)
    la, ha = wilson(math.fsum(num_a), math.fsum(den_a))
    lb, hb = wilson(math.fsum(num_b), math.fsum(den_b))
    diff = pa - pb
    newcombe = (diff - math.hypot(pa - la, hb - pb), diff + math.hypot(ha - pa, pb - lb))
    return (diff, *_hull((low, high), newcombe))


#: up to this many seeds whose pairs differ, the test is exact (every sign flip counted)
EXACT_UP_TO = 16


def _t_test_of_differences(diffs: Sequence[float]) -> float:
    """The p-value of "the mean difference is 0". No difference at all is p = 1. When only a
    few seeds differ (rules that rarely matter), the t test's large-sample reasoning does not
    hold; then the p-value is the exact sign-flip one: under "no difference" each pair's sign
    is a coin toss, and p is the share of the 2^m sign patterns whose total is at least as far
    from 0 as the one seen (for 0/1 figures, the exact McNemar test)."""
    n = len(diffs)
    if n == 0:
        return 1.0
    scale = max(1.0, max(abs(d) for d in diffs))
    eps = 1e-12 * scale
    differing = [d for d in diffs if abs(d) > eps]
    if not differing:
        return 1.0
    if len(differing) <= EXACT_UP_TO:
        return _sign_flip(differing, eps * n)
    mean, var = _mean_var(diffs)
    return t_two_sided(mean / math.sqrt(var / n), n - 1)


def _sign_flip(differing: Sequence[float], eps: float) -> float:
    """The exact two-sided sign-flip p-value of sum(differing) (a dynamic programme over the
    partial sums, which stays small when the differences repeat, as counts do)."""
    sums: dict[float, int] = {0.0: 1}
    for d in differing:
        grown: dict[float, int] = {}
        for total, ways in sums.items():
            for nxt in (round(total + d, 9), round(total - d, 9)):
                grown[nxt] = grown.get(nxt, 0) + ways
        sums = grown
    seen = abs(math.fsum(differing))
    extreme = sum(ways for total, ways in sums.items() if abs(total) >= seen - eps)
    return min(1.0, extreme / 2 ** len(differing))


def paired_test(a: Sequence[float], b: Sequence[float]) -> float:
    """Two-sided p-value that the mean of a equals the mean of b, a[i] and b[i] coming from
    the same seed."""
    if len(a) != len(b):
        raise ValueError("paired samples must have the same length")
    return _t_test_of_differences([x - y for x, y in zip(a, b)])


def ratio(num: Sequence[float], den: Sequence[float]) -> float:
    total = math.fsum(den)
    return math.fsum(num) / total if total else 0.0


def linearized(num: Sequence[float], den: Sequence[float]) -> list[float]:
    """Per seed, the value whose mean is the ratio sum(num)/sum(den) and whose spread is the
    ratio's (the delta method): R + (num_i - R·den_i) / mean(den). A ratio figure then reads
    like a mean: its interval is `mean_interval`, its test `paired_test`."""
    n = len(num)
    if len(den) != n:
        raise ValueError("numerators and denominators must pair up")
    if n == 0:
        return []
    mean_den = math.fsum(den) / n
    r = ratio(num, den)
    if not mean_den:
        return [r] * n
    return [r + (x - r * d) / mean_den for x, d in zip(num, den)]


def paired_ratio_test(num_a: Sequence[float], den_a: Sequence[float],
                      num_b: Sequence[float], den_b: Sequence[float]) -> float:
    """Two-sided p-value that sum(num_a)/sum(den_a) equals sum(num_b)/sum(den_b), the i-th
    entries of all four coming from the same seed (see `linearized`)."""
    return paired_test(linearized(num_a, den_a), linearized(num_b, den_b))


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm-adjusted p-values (same order as given): reject where adjusted < alpha and the
    chance of any false "different" among all of them stays below alpha."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    out = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        out[i] = running
    return out
