"""The lab's statistics: intervals that cover what they claim, tests that find real
differences and call identical samples identical."""
from __future__ import annotations

import html
import math
import random
import re

import pytest
from trentuno.engine import stats


def test_wilson_known_values():
    low, high = stats.wilson(40, 100)
    assert low == pytest.approx(0.3094, abs=1e-4) and high == pytest.approx(0.4980, abs=1e-4)
    assert stats.wilson(0, 10)[0] == 0.0 and stats.wilson(10, 10)[1] == 1.0
    assert stats.wilson(0, 0) == (0.0, 1.0)


def test_wilson_covers_the_true_share_about_95_percent_of_the_time():
    rng = random.Random(1)
    p, n, tries = 0.3, 80, 2000
    covered = 0
    for _ in range(tries):
        k = sum(rng.random() < p for _ in range(n))
        low, high = stats.wilson(k, n)
        covered += low <= p <= high
    assert 0.93 <= covered / tries <= 0.97


def test_student_t_against_tables():
    assert stats.t_two_sided(2.0, 10) == pytest.approx(0.07339, abs=1e-5)
    assert stats.t_two_sided(1.959964, 1e7) == pytest.approx(0.05, abs=1e-5)
    assert stats.t_quantile_975(10) == pytest.approx(2.2281, abs=1e-4)
    mean, low, high = stats.mean_interval([1, 2, 3, 4, 5])
    assert (mean, low, high) == pytest.approx((3.0, 1.0368, 4.9632), abs=1e-4)


def test_identical_samples_are_never_different():
    xs = [random.Random(2).randint(0, 9) for _ in range(300)]
    assert stats.paired_test(xs, list(xs)) == 1.0
    assert stats.paired_ratio_test(xs, [3] * 300, xs, [3] * 300) == 1.0


def test_paired_test_finds_a_shift_and_not_noise():
    rng = random.Random(3)
    base = [rng.gauss(10, 3) for _ in range(400)]
    shifted = [x + 0.5 + rng.gauss(0, 1) for x in base]
    noisy = [x + rng.gauss(0, 1) for x in base]
    assert stats.paired_test(shifted, base) < 1e-6
    assert stats.paired_test(noisy, base) > 0.05


def test_false_alarms_happen_at_the_stated_rate():
    rng = random.Random(4)
    alarms = 0
    for _ in range(400):
        a = [float(rng.random() < 0.25) for _ in range(200)]
        b = [float(rng.random() < 0.25) for _ in range(200)]
        alarms += stats.paired_test(a, b) < stats.ALPHA
    assert 0.02 <= alarms / 400 <= 0.09


def test_paired_ratio_test_finds_longer_hands():
    rng = random.Random(5)
    hands = [rng.randint(5, 15) for _ in range(300)]
    turns_a = [h * 10 + rng.randint(-5, 5) for h in hands]
    turns_b = [h * 11 + rng.randint(-5, 5) for h in hands]
    assert stats.ratio(turns_b, hands) == pytest.approx(11, abs=0.1)
    assert stats.paired_ratio_test(turns_a, hands, turns_b, hands) < 1e-6
    more_hands = [h + 1 for h in hands]  # more hands, same turns per hand on average
    turns_c = [h * 10 + rng.randint(-5, 5) for h in more_hands]
    assert stats.paired_ratio_test(turns_a, hands, turns_c, more_hands) > 0.01


def test_holm_adjusts_in_order():
    assert stats.holm([0.01, 0.04, 0.03, 0.5]) == pytest.approx([0.04, 0.09, 0.09, 0.5])
    assert stats.holm([]) == []


def test_few_differing_seeds_get_the_exact_test():
    # five seeds differ, all the same way: McNemar's exact p is 2 / 2**5, not significant
    a = [1.0] * 5 + [0.0] * 195
    b = [0.0] * 200
    assert stats.paired_test(a, b) == pytest.approx(0.0625)
    # eight the same way: 2 / 256, significant
    assert stats.paired_test([1.0] * 8 + [0.0] * 192, b) == pytest.approx(2 / 256)
    # four each way: no evidence at all
    assert stats.paired_test([1.0] * 4 + [0.0] * 196, [0.0] * 4 + [1.0] * 4 + [0.0] * 192) \
        == pytest.approx(1.0)


# ---- shares whose games all agree: an interval is never empty --------------------------------
def test_no_wins_in_48_games_is_not_certainty():
    """0 of 48 is compatible with a true share up to 7.4%: the Wilson interval, not 0.0-0.0."""
    low, high = stats.wilson(0, 48)
    assert low == 0.0 and high == pytest.approx(0.0741, abs=1e-4)
    assert stats.wilson(48, 48) == pytest.approx((0.9259, 1.0), abs=1e-4)
    share, low, high = stats.share_interval([0] * 48, [1] * 48)
    assert (share, low) == (0.0, 0.0) and high == pytest.approx(0.0741, abs=1e-4)
    # the same share every game (one seat of two won each time): still an interval
    share, low, high = stats.share_interval([1] * 48, [2] * 48)
    assert share == 0.5 and low < 0.45 and high > 0.55


def test_a_share_interval_is_the_wider_of_the_games_and_the_counts():
    """Games that cluster (long runs of the same outcome) widen the interval past Wilson's;
    it never falls below it."""
    rng = random.Random(6)
    num, den = [], []
    for _ in range(100):  # each game: 10 hands, all of them or none ending one way
        den.append(10)
        num.append(10 if rng.random() < 0.3 else 0)
    _, low, high = stats.share_interval(num, den)
    w_low, w_high = stats.wilson(sum(num), sum(den))
    assert low < w_low and high > w_high          # the t interval of the games is wider
    _, t_low, t_high = stats.mean_interval(stats.linearized(num, den))
    assert (low, high) == pytest.approx((t_low, t_high))
    _, low, high = stats.share_interval([1] * 100, [10] * 100)  # no spread at all
    assert (low, high) == pytest.approx(stats.wilson(100, 1000))


def test_a_difference_of_shares_that_never_varies_has_an_interval():
    diff, low, high = stats.difference_interval([1] * 48, [0] * 48, [1] * 48, [1] * 48)
    assert diff == 1.0 and low == pytest.approx(1 - math.hypot(1 - 0.9259, 0.0741), abs=1e-3)
    assert high == pytest.approx(1.0)


def test_the_lab_prints_an_interval_for_a_bot_that_never_wins():
    from click.testing import CliRunner
    from trentuno.cli.main import cli
    out = CliRunner().invoke(cli, ["compare", "trentuno", "house/knock-25", "--games", "6",
                                   "--skill-games", "48", "--skill-bots",
                                   "greedy,random,random,random", "--jobs", "1"]).output
    row = next(line for line in out.splitlines() if "random's win share" in line)
    assert "(0.0-0.0)" not in row
    assert re.search(r"\b0\.0% \(0\.0-[1-9]\d*\.\d\)", row), row


def test_a_small_nonzero_share_does_not_read_as_zero():
    from trentuno.cli.lab_options import percent, share_text
    assert percent(0.0) == "0.0" and percent(0.25) == "25.0" and percent(0.00038) == "0.038"
    assert share_text(0.0, [0.0, 0.0741]) == "0.0% (0.0-7.4)"
    assert share_text(0.0002, [0.00005, 0.0011], "–") == "0.02% (0.005–0.1)"


def test_the_html_report_has_the_verdict_line_of_the_text_report(tmp_path):
    from click.testing import CliRunner
    from trentuno.cli.main import cli
    page = tmp_path / "r.html"
    args = ["compare", "trentuno", "house/knock-25", "--games", "6", "--skill-games", "0",
            "--jobs", "1"]
    text = CliRunner().invoke(cli, args).output
    CliRunner().invoke(cli, [*args, "--html", str(page)])
    verdict = next(line for line in text.splitlines() if "Holm's correction" in line)
    assert verdict.startswith("trentuno-knock-25: ")
    assert html.escape(verdict) in page.read_text(encoding="utf-8")
