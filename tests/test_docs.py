"""docs/*.md stay whole and true: the checks of the README's structure (markdown_checks.py)
on every page; the JSON fields docs/lab.md lists are the fields `simulate` and `compare`
print; docs/speed.md and the README quote the figures of speed.md's own table; the house-rules
page and the top-level help name both families and the whole shelf; the cluster extra is
installed as a checkout can; the command blocks that can run here run."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from markdown_checks import (
    ROOT,
    Page,
    anchors,
    block_problems,
    heading_problems,
    link_problems,
    page_problems,
    run_script,
)
from matching import found
from trentuno.cli.main import cli
from trentuno.engine.variants import builtin_files

DOCS = sorted((ROOT / "docs").glob("*.md"))
#: docs/reference.md is generated from the schema (engine/reference_doc.py): its repeated
#: sentences are the generator's, one per table, and are checked there
GENERATED = {"reference.md"}


def _page(name: str) -> Page:
    return Page.read(ROOT / "docs" / name)


def _json(*args: str) -> dict:
    out = CliRunner().invoke(cli, [*args, "--json", "--jobs", "1"])
    assert out.exit_code == 0, out.output
    return json.loads(out.stdout)


def test_there_are_docs():
    assert {"house-rules.md", "lab.md", "language.md", "records.md", "reference.md",
            "speed.md"} <= {p.name for p in DOCS}


@pytest.mark.parametrize("path", DOCS, ids=[p.name for p in DOCS])
def test_every_page_is_whole(path):
    page = Page.read(path)
    if path.name in GENERATED:
        wrong = heading_problems(page) + block_problems(page) + [
            p for p in link_problems(page) if "no such heading" not in p]
    else:
        wrong = page_problems(page)
    assert wrong == []


@pytest.mark.xfail(strict=True, reason="engine/reference_doc.py links definitions it gives no "
                   "section (zone_count, move, zone_pattern, zone_ranks, pattern_change, "
                   "option_change, trigger_change); engine/ is not this test's to change")
def test_every_anchor_of_the_generated_reference_exists():
    assert link_problems(_page("reference.md")) == []


def test_the_checks_see_a_broken_page(tmp_path):
    """A paragraph pasted twice, a command block with prose in it, a link to nothing, a
    skipped heading level and an unclosed fence are each found."""
    text = ("# Title\n\n### Too deep\n\nThis sentence is long enough to count when it is "
            "pasted twice.\nThis sentence is long enough to count when it is pasted twice.\n"
            "\nSee [there](missing.md) and [here](#title).\n\n```sh\ntrentuno variants\n"
            "the sentence pasted into a command block by accident\n```\n\n```yaml\nkey: [\n")
    (tmp_path / "broken.md").write_text(text, encoding="utf-8")
    wrong = "\n".join(page_problems(Page.read(tmp_path / "broken.md")))
    for what in ("skips a level", "said twice", "missing.md names no file",
                 "not a command of this project ('the')", "a fence is never closed"):
        assert what in wrong, wrong
    assert "#title" not in wrong and "title" in anchors(tmp_path / "broken.md")


# ---- docs/lab.md: the fields listed are the fields printed ------------------------------------
def _section(page: Page, heading: str) -> list[str]:
    """The prose lines of the section under `heading`, up to the next heading of its level."""
    lines = [line for _n, line in page.prose]
    start = next(i for i, line in enumerate(lines) if line.lstrip("#").strip() == heading)
    level = len(lines[start]) - len(lines[start].lstrip("#"))
    end = next((i for i in range(start + 1, len(lines))
                if re.match(rf"^#{{1,{level}}} ", lines[i])), len(lines))
    return lines[start + 1:end]


def _first_column(lines: list[str]) -> list[str]:
    """The backticked names in the first cell of every table row (a cell may name several)."""
    names = []
    for line in lines:
        if line.startswith("| `"):
            names += re.findall(r"`([^`]+)`", line.split("|")[1])
    return names


def test_lab_lists_every_field_simulate_prints():
    rows = _first_column(_section(_page("lab.md"), "`trentuno simulate VARIANT --json`"))
    data = _json("simulate", "trentuno", "--games", "4")
    assert sorted(n for n in rows if "[i]." not in n) == sorted(data)
    assert sorted(n.split("[i].")[1] for n in rows if "[i]." in n) == sorted(data["seats"][0])


@pytest.fixture(scope="module")
def comparison() -> dict:
    return _json("compare", "trentuno", "house/five-lives", "--games", "6", "--skill-bots",
                 "greedy,random", "--skill-games", "4")


def test_lab_lists_every_field_compare_prints(comparison):
    text = "\n".join(_section(_page("lab.md"), "`trentuno compare RULESET RULESET... --json`"))
    top = found(r"Top level:(.*?)one entry per ruleset", text, re.S).group(1)
    assert sorted(re.findall(r"`(\w+)`", top)) == sorted(comparison)
    entries = _first_column(text.split("The figure keys:")[0].splitlines())
    first, second = comparison["rulesets"]
    assert sorted(entries) == sorted(second)
    assert set(first) == set(second) - {"differs_from_first", "differs_from_first_holm"}
    listed = found(r"figure key -> `\{(.*?)\}`", text).group(1).split(", ")
    figure = next(iter(second["figures"].values()))
    assert listed == list(figure)
    each = found(r"In each figure:(.*?)For the first ruleset", text, re.S).group(1)
    said = set(re.findall(r"`(\w+)`", each))
    assert set(figure) - {"label"} <= said, set(figure) - said


def test_lab_names_every_figure_key(comparison):
    text = "\n".join(_section(_page("lab.md"), "`trentuno compare RULESET RULESET... --json`"))
    table = text.split("The figure keys:")[1].split("In each figure:")[0].splitlines()
    documented = _first_column(table)
    patterns = {key: re.compile("^" + re.escape(key).replace("OUTCOME", "[^:]+")
                                .replace("REASON", "[^:]+").replace("BOT", ".+")
                                .replace("_N", r"_\d+").replace(r"\.\.\.", ".+") + "$")
                for key in documented}
    keys = set(comparison["rulesets"][1]["figures"])
    assert [k for k in keys if not any(p.match(k) for p in patterns.values())] == []
    assert [d for d, p in patterns.items() if not any(p.match(k) for k in keys)] == []


# ---- docs/speed.md and the README: one set of figures ----------------------------------------
def _speed_table() -> dict[str, list[str]]:
    """docs/speed.md's table of ratios (the section's first table; the cachegrind one follows):
    the reference -> its figures at 2, 4 and 6 players."""
    rows: dict[str, list[str]] = {}
    for line in _section(_page("speed.md"), "Where it stands (December 2026)"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0].startswith("`reference_"):
            rows.setdefault(cells[0].split("`")[1], cells[1:4])
    return rows


def test_the_speed_figures_are_the_tables_everywhere():
    rows = _speed_table()
    plain, tuned = rows["reference_trentuno"], rows["reference_trentuno_tuned"]
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert (f"runs at {plain[0]} of the plain Trentuno simulator at 2 players, {plain[1]} at 4 "
            f"and {plain[2]} at 6") in readme
    scat, scopa = rows["reference_scat"], rows["reference_scopa"]
    assert f"at {scat[1]} of the Scat one ({scat[0]} at 2 players;" in readme
    assert f"{rows['reference_scat_tuned'][1]} of a tuned Scat one" in readme
    assert f"at {tuned[1]} of the tuned Trentuno simulator" in readme
    assert f"{tuned[0]} at 2 players) and" in readme
    assert f"at {scopa[1]} of the Scopa one ({scopa[0]} at 2 players; fresh seeds" in readme
    assert f"random playouts at {rows['reference_playout'][1]} of a hand-written" in readme
    # the README's Speed section names our references in bench/, not the shared one
    speed = readme.split("## Speed")[1]
    assert "bench/reference_trentuno.py" in speed and "../shared/" not in speed


# ---- both families, the whole shelf ----------------------------------------------------------
def _bases() -> dict[str, str]:
    """Every built-in base (not a house rule): name -> title."""
    out = CliRunner().invoke(cli, ["variants", "--json"])
    return {v["name"]: v["title"] for v in json.loads(out.stdout)
            if not v["name"].startswith("house/")}


def test_the_house_rules_page_names_every_base_and_the_whole_shelf():
    text = (ROOT / "docs" / "house-rules.md").read_text(encoding="utf-8")
    extends = " ".join(text.split("* `extends:` is the ruleset you start from:")[1]
                       .split("\n* ")[0].split())
    assert sorted(re.findall(r"`([a-z-]+)`", extends.split("or a house rule")[0])) == \
        sorted(_bases())
    shelf = {n for n in builtin_files() if n.startswith("house/")}
    assert sorted(n for n in shelf if f"`{n}`" not in text) == []
    assert "### Scopa and Cocincina" in text


def test_the_top_level_help_names_every_base_and_the_house_rules():
    out = CliRunner().invoke(cli, ["--help"]).output
    said = " ".join(out.split())
    for name, title in _bases().items():
        assert title.split()[0].rstrip(",") in said, (name, title)
    assert "Scopa family" in said and "house rules" in said


# ---- the cluster extra, as a checkout installs it --------------------------------------------
def _texts() -> list[Path]:
    return [ROOT / "README.md", *DOCS, *sorted((ROOT / "cli").glob("*.py")),
            *sorted((ROOT / "engine").glob("*.py"))]


def test_the_cluster_extra_is_installed_from_the_checkout():
    """The package is on no index: `pip install 'trentuno[cluster]'` cannot work; the README
    and the help say `pip install '.[cluster]'` from the folder, an extra pyproject.toml has
    (and the error without Dask says it too: tests/test_cluster.py)."""
    assert [p.name for p in _texts() if "trentuno[cluster]" in p.read_text("utf-8")] == []
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r"^cluster = \[", pyproject, re.M)
    assert "pip install '.[cluster]'" in (ROOT / "README.md").read_text(encoding="utf-8")
    for command in ("simulate", "compare"):
        out = CliRunner().invoke(cli, [command, "--help"], terminal_width=200).output
        assert "pip install '.[cluster]'" in out, out


# ---- the command blocks that can run here ------------------------------------------------------
def test_the_house_rules_schema_command_finds_the_schema(tmp_path):
    (block,) = _page("house-rules.md").code("sh")
    done = run_script(block.lines, tmp_path)
    assert done.returncode == 0, done.stderr
    found = Path(done.stdout.strip())
    assert found.name == "ruleset.schema.json" and found.is_file()


def test_the_records_page_replay_commands_run(tmp_path):
    """docs/records.md's replay block, on a game played with `my-rules.yaml` and recorded by
    `simulate --record`."""
    (block,) = _page("records.md").code("sh")
    shutil.copy(builtin_files()["house/five-lives"], tmp_path / "my-rules.yaml")
    setup = ["trentuno simulate my-rules.yaml --games 1 --jobs 1 --record games",
             "cp games/game-00001.json game.json"]
    done = run_script(setup + block.lines, tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Traceback" not in done.stdout + done.stderr
