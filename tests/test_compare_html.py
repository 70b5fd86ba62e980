"""`compare --html`: one self-contained page, opened in a real browser (headless Chromium,
Debian's `chromium`, which .ci/run installs): its screenshot must show the charts' fills."""
from __future__ import annotations

import json
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner
from trentuno.cli.main import cli
from trentuno.cli.report_html import END_COLOURS, RULESET_COLOURS, render, write_report

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def make_page(tmp_path: Path) -> tuple[Path, dict]:
    page = tmp_path / "report.html"
    args = ["compare", "scat", "house/scat-penalty-points", "--games", "24", "--skill-games",
            "6", "--skill-bots", "greedy,random", "--jobs", "1", "--json", "--html", str(page)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    return page, json.loads(result.stdout)


def test_the_page_stands_alone(tmp_path):
    page, _ = make_page(tmp_path)
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    assert text.count("<svg") == 3 and 'id="seats"' in text and 'id="ends"' in text
    for outside in ("<script", "http://", "https://", "<img", "<link", "@import", "url("):
        assert outside not in text, outside
    assert "scat-penalty-points" in text and "win share, seat 4" in text
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]  # no temporary left


def test_rule_file_text_is_escaped(tmp_path):
    _, data = make_page(tmp_path)
    ends = data["rulesets"][1]["hand_ends"]
    ends["<script>alert(1)</script>"] = ends.pop(next(iter(ends)))  # a rule file's label
    data["rulesets"][1]["title"] = "<b>bold</b>"
    text = render(data)
    assert "<script" not in text and "<b>" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text


def test_a_write_that_fails_leaves_the_old_page(tmp_path, monkeypatch):
    page, data = make_page(tmp_path)
    before = page.read_text(encoding="utf-8")

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr("os.replace", broken)
    with pytest.raises(OSError):
        write_report(data, str(page))
    assert page.read_text(encoding="utf-8") == before
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]


def _add_bytes(a: int, b: int, n: int) -> int:
    """Bytewise (a + b) mod 256 of two n-byte big-endian numbers, all bytes at once."""
    low = int.from_bytes(b"\x7f" * n, "big")
    high = int.from_bytes(b"\x80" * n, "big")
    return ((a & low) + (b & low)) ^ ((a ^ b) & high)


def read_png(path: Path) -> tuple[int, int, list[bytes]]:
    """Width, channels and the rows (RGB or RGBA bytes) of an 8-bit, non-interlaced PNG. The
    filters "up" and "sub" (most of a screenshot's rows) are undone on whole rows at once."""
    blob = path.read_bytes()
    assert blob[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height, channels = 8, b"", 0, 0, 0
    while pos < len(blob):
        length, kind = struct.unpack(">I4s", blob[pos:pos + 8])
        body = blob[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and interlace == 0 and ctype in (2, 6)
            channels = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytes] = []
    prev = bytes(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        data = raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)]
        if kind == 0:
            line = data
        elif kind == 2:
            total = _add_bytes(int.from_bytes(data, "big"), int.from_bytes(prev, "big"), stride)
            line = total.to_bytes(stride, "big")
        elif kind == 1:  # a running sum per channel: doubling shifts, log2(width) steps
            total, shift = int.from_bytes(data, "big"), channels
            while shift < stride:
                total = _add_bytes(total, total >> (8 * shift), stride)
                shift *= 2
            line = total.to_bytes(stride, "big")
        else:
            out = bytearray(data)
            for i in range(stride):
                left = out[i - channels] if i >= channels else 0
                up = prev[i]
                corner = prev[i - channels] if i >= channels else 0
                if kind == 3:
                    out[i] = (out[i] + (left + up) // 2) & 255
                else:
                    p = left + up - corner
                    pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                    pred = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                    out[i] = (out[i] + pred) & 255
            line = bytes(out)
        rows.append(line)
        prev = line
    return width, channels, rows


def rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (.ci/run installs "
                                             "Debian's chromium package)")
def test_a_browser_shows_the_charts(tmp_path):
    page, data = make_page(tmp_path)
    shot = tmp_path / "shot.png"
    profile = tmp_path / "profile"
    assert CHROMIUM is not None
    command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--disable-background-networking", "--disable-component-update",
               "--disable-sync", f"--user-data-dir={profile}", "--hide-scrollbars",
               "--window-size=1000,2200", f"--screenshot={shot}", page.as_uri()]
    subprocess.run(command, capture_output=True, timeout=300, check=False)  # a hang guard
    assert shot.exists(), "chromium wrote no screenshot"
    width, channels, rows = read_png(shot)
    assert channels == 3 or all(line[3::4] == b"\xff" * width for line in rows[::50])
    rgb_rows = [line if channels == 3 else bytes(
        b for i, b in enumerate(line) if i % 4 != 3) for line in rows]

    def pixels(colour: str) -> int:
        """Pixels of exactly that colour (solid fills are drawn exactly)."""
        target = bytes(rgb(colour))
        return sum(line.count(target) for line in rgb_rows)

    # the seat chart's bars in each ruleset's colour, the ends chart's segments in theirs
    for colour in RULESET_COLOURS[:2]:
        assert pixels(colour) > 2000, f"no chart fill in {colour}"
    ends = len({w for c in data["rulesets"] for w in c["hand_ends"] if c["hand_ends"][w] > 0.05})
    assert ends >= 2
    for colour in END_COLOURS[:ends]:
        assert pixels(colour) > 1000, f"no 'how hands end' fill in {colour}"
    assert pixels("#ffffff") > width * 200  # a page, not a crash screen
    assert pixels("#4b0082") == 0  # a colour the page never uses: the count means something
