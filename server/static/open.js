// The page that opens a table: rules (a built-in, a house rule, or your own file checked by
// the server), their explanation, the seats (a person or a bot each), then the links.
"use strict";

const state = {
  lang: new URLSearchParams(location.search).get("lang") === "it" ? "it" : "en",
  shelf: [], bots: [], source: "shelf", rules: null, checked: null,
};

function rulesName() {
  return state.source === "shelf" ? state.rules : null;
}

function playersRange() {
  if (state.source === "own") return state.checked && state.checked.ok ? state.checked.players
                                                                       : null;
  const found = state.shelf.find((r) => r.name === state.rules);
  return found ? found.players : null;
}

async function start() {
  await loadWords(state.lang);
  const got = await getJSON("/api/rulesets");
  state.shelf = got.data.rulesets;
  state.bots = got.data.bots;
  state.rules = state.rules || "trentuno";
  render();
}

function render() {
  const app = clear(document.getElementById("app"));
  document.title = "trentuno · " + T.say("open_title");
  app.append(el("h1", {text: T.say("open_title")}), el("p", {text: T.say("open_intro")}));
  app.append(languagePicker(), rulesPicker(), el("section", {id: "explain"}), seatsPicker(),
             el("section", {id: "links"}));
  showExplain();
}

function languagePicker() {
  const box = el("fieldset", {cls: "lang"}, el("legend", {text: T.say("language")}));
  for (const [code, label] of [["en", "English"], ["it", "Italiano"]]) {
    const input = el("input", {type: "radio", name: "lang", value: code, id: "lang-" + code,
                               checked: state.lang === code,
                               onchange: async () => { state.lang = code; await start(); }});
    box.append(el("label", {for: "lang-" + code}, input, " " + label));
  }
  return box;
}

function rulesPicker() {
  const box = el("fieldset", {id: "rules"}, el("legend", {text: T.say("rules")}));
  const shelfChoice = el("input", {type: "radio", name: "source", id: "source-shelf",
                                   checked: state.source === "shelf",
                                   onchange: () => { state.source = "shelf"; render(); }});
  const select = el("select", {id: "ruleset", "aria-label": T.say("rules_shelf"),
                               onchange: (e) => { state.rules = e.target.value; render(); }});
  for (const house of [false, true]) {
    const group = el("optgroup", {label: house ? "house/…" : "trentuno"});
    for (const r of state.shelf.filter((x) => x.house === house)) {
      group.append(el("option", {value: r.name, selected: r.name === state.rules,
                                 text: r.name + " · " + (r.title[state.lang] || r.name)}));
    }
    select.append(group);
  }
  box.append(el("label", {for: "source-shelf"}, shelfChoice, " " + T.say("rules_shelf")),
             el("div", {cls: "indent"}, select));
  const ownChoice = el("input", {type: "radio", name: "source", id: "source-own",
                                 checked: state.source === "own",
                                 onchange: () => { state.source = "own"; render(); }});
  box.append(el("label", {for: "source-own"}, ownChoice, " " + T.say("rules_own")));
  if (state.source === "own") box.append(ownRules());
  return box;
}

function ownRules() {
  const text = el("textarea", {id: "rule-text", rows: 10, spellcheck: "false",
                               "aria-label": T.say("rules_paste")});
  text.value = state.ownText || "";
  text.addEventListener("input", () => { state.ownText = text.value; });
  const file = el("input", {type: "file", id: "rule-file", accept: ".yaml,.yml,text/yaml",
                            onchange: async (e) => {
                              const chosen = e.target.files[0];
                              if (!chosen) return;
                              state.ownFile = chosen.name;
                              state.ownText = text.value = await chosen.slice(0, 70000).text();
                            }});
  const check = el("button", {type: "button", id: "check", text: T.say("rules_check"),
                              onclick: checkRules});
  const result = el("div", {id: "check-result", role: "status"});
  if (state.checked) result.append(checkedView(state.checked));
  return el("div", {cls: "indent"}, el("p", {text: T.say("rules_paste")}), text, file, check,
            result);
}

function checkedView(checked) {
  const out = el("div");
  if (checked.error) out.append(el("p", {cls: "bad", text: checked.error}));
  if (checked.ok) out.append(el("p", {cls: "good", text: T.say("rules_ok")}));
  if (checked.problems && checked.problems.length) {
    out.append(el("p", {cls: "bad", text: T.say("rules_bad")}),
               el("ul", {cls: "problems"}, checked.problems.map((p) => el("li", {text: p}))));
  }
  if (checked.warnings && checked.warnings.length) {
    out.append(el("p", {text: T.say("rules_warnings")}),
               el("ul", {cls: "problems"}, checked.warnings.map((p) => el("li", {text: p}))));
  }
  return out;
}

async function checkRules() {
  const got = await postJSON("/api/rules?lang=" + state.lang,
                             {text: state.ownText || "", file: state.ownFile || "my-rules.yaml"});
  state.checked = got.data;
  render();
}

async function showExplain() {
  const box = clear(document.getElementById("explain"));
  let sections = null;
  if (state.source === "own") {
    sections = state.checked && state.checked.ok ? state.checked.sections : null;
  } else if (state.rules) {
    const got = await getJSON("/api/explain?name=" + encodeURIComponent(state.rules) +
                              "&lang=" + state.lang);
    sections = got.ok ? got.data.sections : null;
  }
  if (!sections) return;
  const details = el("details", {}, el("summary", {text: T.say("explain")}), sectionsOf(sections));
  box.append(details);
}

function seatsPicker() {
  const box = el("fieldset", {id: "seats"}, el("legend", {text: T.say("seats")}));
  const range = playersRange();
  if (!range) return box;
  if (!state.count || state.count < range.min || state.count > range.max) {
    state.count = range.default;
  }
  const count = el("select", {id: "players", onchange: (e) => {
    state.count = Number(e.target.value); render();
  }});
  for (let n = range.min; n <= range.max; n++) {
    count.append(el("option", {value: n, selected: n === state.count, text: String(n)}));
  }
  box.append(el("label", {for: "players"}, T.say("players") + " "), count);
  state.seats = (state.seats || []).slice(0, state.count);
  while (state.seats.length < state.count) {
    state.seats.push({kind: state.seats.length === 0 ? "person" : "greedy", name: ""});
  }
  const list = el("ol", {cls: "seat-list"});
  state.seats.forEach((seat, i) => list.append(seatRow(seat, i)));
  const seed = el("input", {id: "seed", inputmode: "numeric", value: state.seed || "",
                            oninput: (e) => { state.seed = e.target.value; }});
  box.append(list, el("label", {for: "seed"}, T.say("seed") + " "), seed,
             el("div", {}, el("button", {type: "button", id: "open", cls: "primary",
                                         text: T.say("open"), onclick: openTable})),
             el("div", {id: "open-result", role: "status"}));
  return box;
}

function seatRow(seat, i) {
  const kind = el("select", {id: "kind-" + (i + 1), "aria-label": T.say("seat", {n: i + 1}),
                             onchange: (e) => { seat.kind = e.target.value; }});
  kind.append(el("option", {value: "person", selected: seat.kind === "person",
                            text: T.say("person")}));
  for (const bot of state.bots) {
    kind.append(el("option", {value: bot, selected: seat.kind === bot, text: "bot: " + bot}));
  }
  const name = el("input", {id: "name-" + (i + 1), maxlength: 24, value: seat.name,
                            placeholder: T.say("name"), "aria-label": T.say("name"),
                            oninput: (e) => { seat.name = e.target.value; }});
  return el("li", {}, el("span", {cls: "seat-label", text: T.say("seat", {n: i + 1})}), kind,
            name);
}

async function openTable() {
  const rules = state.source === "own" ? {text: state.ownText || "", file: state.ownFile}
                                       : {builtin: rulesName()};
  const seed = (state.seed || "").trim();
  const body = {rules, lang: state.lang, seed: seed === "" ? null : seed,
                seats: state.seats.map((s) => ({kind: s.kind, name: s.name.trim()}))};
  const got = await postJSON("/api/tables?lang=" + state.lang, body);
  const result = clear(document.getElementById("open-result"));
  if (!got.ok) {
    result.append(checkedView({error: got.data.error, problems: got.data.problems}));
    return;
  }
  showLinks(got.data);
}

function showLinks(made) {
  const box = clear(document.getElementById("links"));
  box.append(el("h2", {text: T.say("links")}), el("p", {text: T.say("links_intro")}));
  const list = el("ul", {cls: "links"});
  for (const seat of made.seats) {
    if (!seat.link) continue;
    const label = T.say("link_seat", {n: seat.seat + 1}) + (seat.name ? " · " + seat.name : "");
    list.append(linkRow(label, seat.link, "seat-link-" + (seat.seat + 1)));
  }
  list.append(linkRow(T.say("link_watch"), made.watch, "watch-link"));
  box.append(list);
  box.scrollIntoView();
}

function linkRow(label, link, id) {
  const field = el("input", {id, readonly: true, value: link, "aria-label": label});
  const copy = el("button", {type: "button", text: T.say("copy"), onclick: async () => {
    field.select();
    try { await navigator.clipboard.writeText(link); copy.textContent = T.say("copied"); }
    catch (err) { document.execCommand("copy"); }
  }});
  return el("li", {}, el("span", {cls: "link-label", text: label}), field, copy,
            el("a", {href: link, target: "_blank", rel: "noopener", text: T.say("go")}));
}

start();
