"""`compare --html FILE`: the comparison as one self-contained page.

Inline SVG charts (win share by seat with 95% intervals, the distribution of hand lengths, how
hands end) and the table of figures; no script, no font, no image, nothing fetched: the page
reads the same offline, in a mail attachment or years later. Every text that comes from a
rule file (names, titles, the ways hands end) is escaped. The file is written as saves are
(engine/atomic.py: atomically, with the same permissions, never over anything but a regular
file), so a crash never leaves half a page.
"""
from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from trentuno.engine.atomic import write_atomically

from .lab_options import holm_summary, share_text

#: one colour per ruleset (bars, lines, legend), cycled past six
RULESET_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")
#: one colour per way a hand ends (the stacked bars), distinct from the rulesets' colours
END_COLOURS = ("#17becf", "#bcbd22", "#e377c2", "#7f7f7f", "#f7b6d2", "#c49c94", "#dbdb8d",
               "#9edae5")
WIDTH = 760
LONGEST_SHOWN = 60  # hand lengths past this many turns are drawn together at the end


def esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def colour(i: int, palette: Sequence[str] = RULESET_COLOURS) -> str:
    return palette[i % len(palette)]


def _svg_open(ident: str, height: int, label: str) -> str:
    return (f'<svg class="chart" id="{ident}" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{label}">')


def _close(parts: list[str], names: Sequence[str], palette: Sequence[str], y: float) -> str:
    """The chart with its legend, closed, as text."""
    return "\n".join([*parts, *_legend(names, palette, y), "</svg>"])


def _legend(names: Sequence[str], palette: Sequence[str], y: float) -> list[str]:
    out, x = [], 60.0
    for i, name in enumerate(names):
        out.append(f'<rect x="{x:.1f}" y="{y - 11:.1f}" width="14" height="14" '
                   f'fill="{colour(i, palette)}"/>')
        out.append(f'<text x="{x + 19:.1f}" y="{y:.1f}">{esc(name)}</text>')
        x += 34 + 7.5 * len(str(name))
    return out


def seat_chart(data: dict[str, Any]) -> str:
    """Grouped bars: for every seat, each ruleset's win share with its 95% interval; a dashed
    line at the fair share."""
    cols, players = data["rulesets"], data["players"]
    height, top, bottom, left = 300, 40, 250, 60
    shares = [[c["figures"][f"win_share_seat_{s + 1}"] for s in range(players)] for c in cols]
    peak = max([1 / players] + [f["ci95"][1] for row in shares for f in row]) * 1.1

    def y(v: float) -> float:
        return bottom - (bottom - top) * v / peak

    group = (WIDTH - left - 20) / players
    bar = group * 0.8 / len(cols)
    parts = [_svg_open("seats", height, "win share by seat")]
    parts += _axis(left, top, bottom, peak, percent=True)
    for s in range(players):
        x0 = left + s * group + group * 0.1
        parts.append(f'<text x="{x0 + group * 0.4:.1f}" y="{bottom + 18}" '
                     f'text-anchor="middle">seat {s + 1}</text>')
        for r, row in enumerate(shares):
            f = row[s]
            x = x0 + r * bar
            parts.append(f'<rect x="{x:.1f}" y="{y(f["value"]):.1f}" width="{bar - 2:.1f}" '
                         f'height="{bottom - y(f["value"]):.1f}" fill="{colour(r)}">'
                         f'<title>{esc(cols[r]["name"])}, seat {s + 1}: '
                         f'{100 * f["value"]:.1f}%</title></rect>')
            mid = x + (bar - 2) / 2
            lo, hi = y(f["ci95"][0]), y(f["ci95"][1])
            parts.append(f'<path d="M{mid:.1f} {lo:.1f}V{hi:.1f}M{mid - 4:.1f} {lo:.1f}'
                         f'h8M{mid - 4:.1f} {hi:.1f}h8" stroke="#222" stroke-width="1.5"/>')
    fair = y(1 / players)
    parts.append(f'<line x1="{left}" x2="{WIDTH - 20}" y1="{fair:.1f}" y2="{fair:.1f}" '
                 f'stroke="#555" stroke-dasharray="6 4"/>')
    return _close(parts, [c["name"] for c in cols], RULESET_COLOURS, 22)


def length_chart(data: dict[str, Any]) -> str:
    """One line per ruleset: the share of its hands that lasted so many turns."""
    cols = data["rulesets"]
    height, top, bottom, left = 300, 40, 250, 60
    dists = []
    for c in cols:
        counts: dict[int, int] = {}
        for k, v in c["hand_lengths"].items():
            turns = min(int(k), LONGEST_SHOWN)
            counts[turns] = counts.get(turns, 0) + v
        total = sum(counts.values()) or 1
        dists.append({k: v / total for k, v in counts.items()})
    longest = max([1] + [k for d in dists for k in d])
    peak = max([0.01] + [v for d in dists for v in d.values()]) * 1.1

    def x(t: int) -> float:
        return left + (WIDTH - left - 20) * t / longest

    def y(v: float) -> float:
        return bottom - (bottom - top) * v / peak

    parts = [_svg_open("lengths", height, "hand lengths")]
    parts += _axis(left, top, bottom, peak, percent=True)
    step = max(1, longest // 10)
    for t in range(0, longest + 1, step):
        label = f"{t}+" if t == LONGEST_SHOWN else str(t)
        parts.append(f'<text x="{x(t):.1f}" y="{bottom + 18}" text-anchor="middle">'
                     f'{label}</text>')
    parts.append(f'<text x="{WIDTH - 20}" y="{bottom + 36}" text-anchor="end">'
                 f'turns in a hand</text>')
    for r, d in enumerate(dists):
        points = " ".join(f"{x(t):.1f},{y(d.get(t, 0.0)):.1f}" for t in range(longest + 1))
        parts.append(f'<polyline points="{points}" fill="none" stroke="{colour(r)}" '
                     f'stroke-width="2.5"/>')
        for t, v in sorted(d.items()):
            parts.append(f'<circle cx="{x(t):.1f}" cy="{y(v):.1f}" r="4" '
                         f'fill="{colour(r)}"/>')
    return _close(parts, [c["name"] for c in cols], RULESET_COLOURS, 22)


def ends_chart(data: dict[str, Any]) -> str:
    """One stacked bar per ruleset: how its hands ended, in its own words."""
    cols = data["rulesets"]
    words = list(dict.fromkeys(w for c in cols for w in c["hand_ends"]))
    row, top, left = 34, 40, 150
    height = top + row * len(cols) + 50
    span = WIDTH - left - 20
    parts = [_svg_open("ends", height, "how hands end")]
    for r, c in enumerate(cols):
        yy = top + r * row
        parts.append(f'<text x="{left - 8}" y="{yy + 18}" text-anchor="end">'
                     f'{esc(c["name"])}</text>')
        x = float(left)
        for w in words:
            share = c["hand_ends"].get(w, 0.0)
            if share <= 0:
                continue
            width = span * share
            parts.append(f'<rect x="{x:.1f}" y="{yy}" width="{width:.1f}" height="{row - 8}" '
                         f'fill="{colour(words.index(w), END_COLOURS)}"><title>{esc(w)}: '
                         f'{100 * share:.1f}%</title></rect>')
            x += width
    return _close(parts, words, END_COLOURS, top + row * len(cols) + 24)


def _axis(left: float, top: float, bottom: float, peak: float, percent: bool) -> list[str]:
    out = [f'<line x1="{left}" x2="{left}" y1="{top}" y2="{bottom}" stroke="#888"/>',
           f'<line x1="{left}" x2="{WIDTH - 20}" y1="{bottom}" y2="{bottom}" stroke="#888"/>']
    for i in range(5):
        v = peak * i / 4
        yy = bottom - (bottom - top) * i / 4
        text = f"{100 * v:.0f}%" if percent else f"{v:.1f}"
        out.append(f'<text x="{left - 6}" y="{yy + 4:.1f}" text-anchor="end">{text}</text>')
    return out


def _cell(fig: dict[str, Any]) -> str:
    if fig["kind"] == "share":
        value, interval = share_text(fig["value"], fig["ci95"], "–").split(" ", 1)
        return f"{value} <small>{interval}</small>"
    return f"{fig['value']:.2f} <small>({fig['ci95'][0]:.2f}–{fig['ci95'][1]:.2f})</small>"


def figure_table(data: dict[str, Any]) -> str:
    cols = data["rulesets"]
    head = "".join(f"<th>{esc(c['name'])}</th>" for c in cols)
    rows = [f"<tr><th>figure</th>{head}</tr>"]
    for key, fig in cols[0]["figures"].items():
        cells = [f"<td>{_cell(fig)}</td>"]
        for c in cols[1:]:
            f = c["figures"].get(key)
            if f is None:
                cells.append("<td>–</td>")
                continue
            mark = "yes" if f["significant"] else "no"
            cls = ' class="differs"' if f["significant"] else ""
            p = "&lt; 1e-06" if f["p_value"] < 1e-6 else f"= {f['p_value']:.3g}"
            cells.append(f"<td{cls}>{_cell(f)}<br><small>p {p}: {mark}</small></td>")
        rows.append(f"<tr><th>{esc(fig['label'])}</th>{''.join(cells)}</tr>")
    return "<table>\n" + "\n".join(rows) + "\n</table>"


def verdicts(data: dict[str, Any]) -> str:
    """Below the table, the text output's verdict on each ruleset after the first (Holm)."""
    return "\n".join(f'<p class="verdict">{esc(holm_summary(data, c))}</p>'
                     for c in data["rulesets"][1:])


STYLE = """
body { font: 15px/1.4 sans-serif; color: #222; margin: 24px; max-width: 1100px; }
h1 { font-size: 22px; } h2 { font-size: 18px; margin-top: 28px; }
table { border-collapse: collapse; margin: 12px 0; }
th, td { border: 1px solid #ccc; padding: 4px 8px; text-align: left; vertical-align: top; }
td.differs { background: #fff3c4; }
svg text { font: 12px sans-serif; fill: #222; }
"""


def render(data: dict[str, Any]) -> str:
    """The whole page, as text."""
    cols = data["rulesets"]
    names = ", ".join(c["name"] for c in cols)
    skill = (f" Mixed tables: {data['skill_games']} games per ruleset of "
             f"{esc(data['skill_bots'])}, each bot in every seat in turn."
             if data["skill_games"] else "")
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>trentuno compare: {esc(names)}</title>
<style>{STYLE}</style>
</head>
<body>
<h1>{esc(names)}</h1>
<p>{data['games']} games per ruleset on the same seeds (seed {data['seed']}),
{data['players']} players, bots {esc(data['bots'])}.{skill} Values with 95% intervals; a
figure is marked where it differs from the first ruleset's ({esc(cols[0]['name'])}) at
p &lt; {data['alpha']} (a paired test by seed).</p>
{figure_table(data)}
{verdicts(data)}
<h2>Win share by seat</h2>
{seat_chart(data)}
<h2>Hand lengths</h2>
{length_chart(data)}
<h2>How hands end</h2>
{ends_chart(data)}
</body>
</html>
"""


def write_report(data: dict[str, Any], path: str) -> None:
    """Write the page to `path` as every output is written (engine/atomic.py)."""
    write_atomically(path, render(data))
