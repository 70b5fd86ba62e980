"""A keyword in a file of its own: a module in `engine/units/` is found and imported with the
modules of units without being listed anywhere (`keywords.found_unit_modules`), so a
contributor's new keyword is one new file. Here the file is written to a folder put on the
units package's path for one test (the installed package is left alone): its guard is in the
schema `validate` uses, refuses a wrong parameter, is explained in both languages and is
played."""
from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_scratch_settlement import registering
from trentuno.engine import keywords, units
from trentuno.engine.errors import RuleFileError
from trentuno.engine.explain import explain
from trentuno.engine.guards import GUARDS
from trentuno.engine.keywords import Kind, registries
from trentuno.engine.simulate import play_game
from trentuno.engine.variants import load

UNIT_FILE = '''\
"""A contributor's guard: the knock only once the stock is down to N cards."""
from trentuno.engine.guards import Reads, expressed, guard

guard("scratch_stock_at_most", "The stock holds at most this many cards.",
      {"type": "integer", "minimum": 0}, lambda n, ctx: expressed(
          "len(st.zones['stock']) <= {n}", n=n), Reads.TABLE, example=20, words={
          "en": {"adverb": lambda n, w: f"once the stock is down to {n} cards",
                 "clause": lambda n, w: f"the stock holds {n} cards or fewer"},
          "it": {"adverb": lambda n, w: f"quando nel tallone restano {n} carte o meno",
                 "clause": lambda n, w: f"nel tallone restano {n} carte o meno"}})
'''


@pytest.fixture
def unit_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[str]:
    folder = tmp_path / "units"
    folder.mkdir()
    monkeypatch.setattr(units, "__path__", [*units.__path__, str(folder)])
    monkeypatch.setenv("TRENTUNO_CACHE_DIR", "")  # no verdict of a scratch file is kept
    yield str(folder)
    if GUARDS.get("scratch_stock_at_most") is not None:
        GUARDS.remove("scratch_stock_at_most")
    for name in [m for m, mod in sys.modules.items()  # every module imported from the folder
                 if str(getattr(mod, "__file__", "") or "").startswith(str(folder))]:
        del sys.modules[name]


RULES = ("extends: trentuno\nname: stock-knock\nturn:\n  steps:\n    choose:\n"
         "      knock: {if: [{nobody_knocked: true}, {scratch_stock_at_most: 20}]}\n")


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Scratch units' registering (test_scratch_settlement): here only its schema, built from
    the registries, for `validate` in this test."""
    yield from registering(monkeypatch)


def test_a_unit_in_a_file_of_its_own_is_found_explained_and_played(
        unit_file: str, registered: Any, tmp_path: Path) -> None:
    (Path(unit_file) / "scratch_stock.py").write_text(UNIT_FILE, "utf-8")
    assert "units.scratch_stock" in keywords.found_unit_modules()
    registries()  # imports the file: its guard is registered
    built = registered()  # the schema `validate` uses, built from the units as they are now
    assert GUARDS.get("scratch_stock_at_most") is not None
    assert "scratch_stock_at_most" in str(built)
    path = tmp_path / "stock-knock.yaml"
    path.write_text(RULES, "utf-8")
    rules = load(str(path))
    en = " ".join(line for s in explain(rules, "en") for line in s.lines)
    it = " ".join(line for s in explain(rules, "it") for line in s.lines)
    assert "only if nobody has knocked yet, once the stock is down to 20 cards" in en
    assert "solo se nessuno ha ancora bussato, quando nel tallone restano 20 carte o meno" in it
    game = play_game(rules, 4, "greedy", seed=3)
    assert game.is_over
    path.write_text(RULES.replace("20}", '"twenty"}'), "utf-8")
    with pytest.raises(RuleFileError, match=r"stock-knock.yaml:6:\d+"):
        load(str(path))


def test_the_units_folder_orders_its_modules_by_name(unit_file: str) -> None:
    for name in ("zeta", "alpha", "_private"):
        (Path(unit_file) / f"{name}.py").write_text("", "utf-8")
    found = keywords.found_unit_modules()
    assert [m for m in found if m in ("units.alpha", "units.zeta", "units._private")] == [
        "units.alpha", "units.zeta"]
    assert Kind.GUARD in registries()
