"""The keyword lists written by hand in docs/ and in the compiled rules' comments say exactly
the keywords the registries hold: a unit added, renamed or removed without its line in the
docs fails here, naming the list and the keywords it lacks or has too many of.
(docs/reference.md is generated from the units; tests/test_move_words.py checks the lists of
primitives, effects and closing rules of the knock, and the records' `cards` line.)"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from trentuno.engine.keywords import Kind, registries

ROOT = Path(__file__).resolve().parent.parent
LANGUAGE = (ROOT / "docs" / "language.md").read_text("utf-8")

#: a backticked keyword as the lists write it: `run`, `refresh: ZONE`, `{holds: instant}`
_NAMED = r"`\{?(\w+)[:`}]"


def _section(page: str, heading: str) -> str:
    """The text of a `## heading` section, up to the next heading of that level."""
    start = page.index(f"\n## {heading}\n")
    end = page.find("\n## ", start + 1)
    return page[start:end if end >= 0 else None]


def _row(page: str, heading: str, key: str) -> str:
    """The table row of `key` (`| \\`key\\` | ... |`) in a section."""
    rows = [line for line in _section(page, heading).splitlines()
            if line.startswith(f"| `{key}` |")]
    assert len(rows) == 1, (heading, key, rows)
    return rows[0].split("|", 2)[2]


def _scoring_block(page: str) -> str:
    """The `scoring.hand` list of the example of capture games' scoring."""
    block = page[page.index("scoring:\n  zone:"):]
    return block[block.index("  hand:"):block.index("  events:")]


#: (what the list is, its text, the pattern a keyword of it matches, its kind)
LISTS = {
    "language.md: hand.patterns kind": (lambda: _row(LANGUAGE, "hand", "kind"), _NAMED,
                                        Kind.PATTERN_KIND),
    "language.md: guards": (lambda: _section(LANGUAGE, "turn").split("Guards:", 1)[1]
                            .split("\n\n", 1)[0], _NAMED, Kind.GUARD),
    "language.md: triggers on": (lambda: _row(LANGUAGE, "triggers", "on"), _NAMED,
                                 Kind.TRIGGER_EVENT),
    "language.md: triggers if": (lambda: _row(LANGUAGE, "triggers", "if"), r"`\{(\w+):",
                                 Kind.TRIGGER_CONDITION),
    "language.md: triggers do": (lambda: _row(LANGUAGE, "triggers", "do"), _NAMED,
                                 Kind.OUTCOME),
    "language.md: stakes mode": (lambda: _row(LANGUAGE, "stakes", "mode"), _NAMED,
                                 Kind.STAKES_MODE),
    "language.md: settle pay": (lambda: _row(LANGUAGE, "settle", "pay"), _NAMED,
                                Kind.PAY_POLICY),
    "language.md: settle ties": (lambda: _row(LANGUAGE, "settle", "ties"), _NAMED,
                                 Kind.TIE_POLICY),
    "language.md: scoring.hand": (lambda: _scoring_block(LANGUAGE), r"- \{(\w+):", Kind.SCORE),
}


@pytest.mark.parametrize("name", LISTS)
def test_a_keyword_list_in_the_docs_names_every_keyword_of_its_kind(name):
    text, pattern, kind = LISTS[name]
    said = set(re.findall(pattern, text()))
    names = set(registries()[kind])
    assert said == names, (f"{name}: lacks {sorted(names - said)}, names what is no "
                           f"{kind.value}: {sorted(said - names)}")


def test_the_lists_can_fail():
    """The reading of a list finds what it has: one keyword less is seen."""
    text, pattern, kind = LISTS["language.md: settle ties"]
    shorter = text().replace("`split`", "split")
    assert set(registries()[kind]) - set(re.findall(pattern, shorter)) == {"split"}


#: the compiled rules' fields that hold a keyword: the comment says which registry, never a
#: list of names that would go stale
FIELDS = {"kind": Kind.PRIMITIVE, "outcome": Kind.OUTCOME, "pay": Kind.PAY_POLICY,
          "ties": Kind.TIE_POLICY}


@pytest.mark.parametrize("field", FIELDS)
def test_the_compiled_rules_name_the_registry_of_a_keyword_field(field):
    source = (ROOT / "engine" / "rules.py").read_text("utf-8")
    comments = [line.split("#", 1)[1] for line in source.splitlines()
                if re.match(rf"\s+{field}: str\s+#", line)]
    assert comments, field
    names = set(registries()[FIELDS[field]])
    for comment in comments:
        listed = set(re.findall(r"\w+", comment)) & names
        assert len(listed) <= 1, (f"`{field}`'s comment lists keywords ({sorted(listed)}): "
                                  f"name the registry instead")


def test_the_architecture_page_names_every_module_of_units_and_only_modules_there_are():
    """docs/architecture.md is where a new reader finds which module owns a step: every module
    of keyword units (`keywords.UNIT_MODULES`) is named there, and every module it names
    exists. Before, six modules of units (declare.py, exchange_units.py...) and greedy's
    written turn (policy_code.py) were missing from it."""
    from trentuno.engine.keywords import UNIT_MODULES
    page = (ROOT / "docs" / "architecture.md").read_text("utf-8")
    named = set(re.findall(r"\b(\w+)\.py\b", page))
    missing = sorted(m for m in (*UNIT_MODULES, "policy_code", "turn_code", "mc", "valuation")
                     if m not in named)
    assert not missing, f"docs/architecture.md does not name {missing}"
    folders = ("engine", "cli", "server", "wrappers")
    ghosts = sorted(m for m in named
                    if not any((ROOT / f / f"{m}.py").exists() for f in folders))
    assert not ghosts, f"docs/architecture.md names modules that do not exist: {ghosts}"
