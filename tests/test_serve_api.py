"""The server's pages and JSON API, in this process (Starlette's test client): the pages hold
no game data and run only the package's scripts; rule files are checked as `validate` checks
them; a table opens with a secret link per person; every body and every client is bounded."""
from __future__ import annotations

import dataclasses
import re

import pytest
from matching import found
from starlette.testclient import TestClient
from trentuno.server.app import POLICY, STATIC, create_app
from trentuno.server.limits import Limits

HOUSE_RULE = """\
extends: trentuno
name: our-trentuno
title: Trentuno, our table
stakes:
  lives: 5
"""
SEATS = [{"kind": "person", "name": "Anna"}, {"kind": "greedy"}, {"kind": "person"},
         {"kind": "mc"}]


@pytest.fixture
def client(tmp_path):
    app, _server = create_app(str(tmp_path / "tables.sqlite3"), durable=False)
    with TestClient(app) as c:
        yield c


def _open(client, rules=None, **more):
    body = {"rules": rules or {"builtin": "trentuno"}, "seats": SEATS, "seed": 7, **more}
    return client.post("/api/tables", json=body)


def test_the_pages_are_static_and_run_only_the_package_s_scripts(client):
    for path in ("/", "/t/anything"):
        page = client.get(path)
        assert page.status_code == 200 and page.headers["content-security-policy"] == POLICY
        assert page.headers["x-frame-options"] == "DENY"
        assert page.headers["referrer-policy"] == "no-referrer"
        assert "<script>" not in page.text and "onclick" not in page.text
    for script in STATIC.glob("*.js"):
        text = script.read_text(encoding="utf-8")
        # data reaches the page as text only
        assert not re.search(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(",
                             text), script.name
    assert client.get("/static/play.js").headers["content-type"].startswith("text/javascript")


def test_a_table_s_page_is_the_same_for_every_table_and_holds_nothing_of_it(client):
    made = _open(client).json()
    page = client.get(f"/t/{made['table']}").text
    assert page == client.get("/t/another").text == (STATIC / "play.html").read_text()


def test_the_shelf_and_the_rules_in_words(client):
    shelf = client.get("/api/rulesets").json()
    names = {r["name"] for r in shelf["rulesets"]}
    assert {"trentuno", "scopa", "house/knock-25"} <= names and "greedy" in shelf["bots"]
    it = client.get("/api/explain", params={"name": "scopa", "lang": "it"}).json()
    en = client.get("/api/explain", params={"name": "scopa", "lang": "en"}).json()
    assert it["sections"][0]["title"] == "Scopa" and it["sections"] != en["sections"]
    assert any("giocatori" in " ".join(s["lines"]).lower() for s in it["sections"])
    assert client.get("/api/explain", params={"name": "/etc/passwd"}).status_code == 404


def test_a_rule_file_is_checked_as_validate_checks_it(client):
    good = client.post("/api/rules", json={"text": HOUSE_RULE, "file": "our.yaml"}).json()
    assert good["ok"] and good["name"] == "our-trentuno" and good["players"]["min"] == 4
    assert any("5 lives" in line for s in good["sections"] for line in s["lines"])
    bad = client.post("/api/rules", json={"text": HOUSE_RULE.replace("5", "5.5") +
                                          "  nope: 1\n", "file": "C:\\x\\our.yaml"}).json()
    assert not bad["ok"] and bad["file"] == "our.yaml"
    assert bad["problems"] == [
        ("our.yaml:6:3: unknown key 'nope' (allowed here: ante, bankroll, into_pot, "
         "last_chance, last_chance_lasts, lives, mode, reentry) (at /stakes/nope)"),
        "our.yaml:5:10: expected integer or null, got 5.5 (at /stakes/lives)"]
    escape = client.post("/api/rules", json={"text": "extends: ../../etc/x.yaml\n"}).json()
    assert escape["problems"][0].startswith("my-rules.yaml:1:10: a rule file sent to the "
                                            "server may extend only a built-in ruleset")
    big = client.post("/api/rules", json={"text": "# " + "x" * 70_000 + "\n"}).json()
    assert big["problems"] == ["my-rules.yaml:1:1: the file is larger than 64 KiB"]


def test_a_table_opens_with_a_secret_link_per_person(client):
    answer = _open(client, {"text": HOUSE_RULE, "file": "our.yaml"}, lang="it")
    assert answer.status_code == 200, answer.text
    made = answer.json()
    links = [s["link"] for s in made["seats"]]
    assert links[1] is None and links[3] is None
    tokens = [found(r"#seat=(\d)&token=([\w-]+)$", link) for link in links if link]
    assert [m.group(1) for m in tokens] == ["1", "3"]
    assert len({m.group(2) for m in tokens}) == 2 and all(len(m.group(2)) >= 24
                                                          for m in tokens)
    assert made["watch"].endswith(f"/t/{made['table']}#watch")
    # the record of a game still played is not given: it holds every card
    record = client.get(f"/api/tables/{made['table']}/record")
    assert record.status_code == 409 and "not over" in record.json()["error"]
    assert client.get("/api/tables/nope/record").status_code == 404


def test_a_bad_request_is_refused_in_the_host_s_words(client):
    wrong = _open(client, seats=[{"kind": "person"}], lang="it").json()
    assert wrong["error"] == "Indica un posto per riga, da 4 a 12 posti."
    problems = _open(client, {"text": "extends: trentuno\nstakes: {lives: -1}\n"}).json()
    assert problems["error"] == "The rules have problems:"
    assert problems["problems"][0].startswith("my-rules.yaml:2:")
    assert client.post("/api/tables", content=b"\xff{").status_code == 400
    assert client.post("/api/tables", content=b"[]" * 3).status_code == 400


def test_bodies_and_clients_are_bounded(tmp_path):
    limits = dataclasses.replace(Limits(), body_bytes=1000, tables_burst=2,
                                 tables_per_second=0.001, checks_burst=1,
                                 checks_per_second=0.001)
    app, _server = create_app(str(tmp_path / "db"), limits=limits, durable=False)
    with TestClient(app) as client:
        assert client.post("/api/rules", json={"text": "x" * 2000}).status_code == 413
        assert client.post("/api/rules", json={"text": "a: 1"}).status_code == 429
        assert _open(client).status_code == 200
        assert _open(client, seats=[]).status_code == 400  # refused, and counted
        refused = _open(client)
        assert refused.status_code == 429 and "wait" in refused.json()["error"]
