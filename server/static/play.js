// The page of a table: one WebSocket to the server, which sends this seat's view of the game
// (never more) after every move, and takes this seat's moves. The seat and its secret token
// are in the link's #fragment, which the browser never sends to the server with the page.
// A dropped connection is tried again and again; a move not answered yet is sent again with
// the same sequence number, which the server applies once.
"use strict";

const page = {
  table: location.pathname.split("/").filter(Boolean).pop(),
  seat: null, token: null, watch: false,
  ws: null, tries: 0, denied: false, view: null, last: -1, pending: null, filter: null,
  resend: null,
};

function parseLink() {
  const fields = new URLSearchParams(location.hash.slice(1));
  if (fields.has("watch") || !fields.has("token")) {
    page.watch = true;
    return;
  }
  page.seat = Number(fields.get("seat")) - 1;
  page.token = fields.get("token");
}

function status(text) {
  document.getElementById("status").textContent = text || "";
}

function notice(text) {
  document.getElementById("notice").textContent = text || "";
}

function connect() {
  status(T.say(page.tries ? "reconnecting" : "connecting"));
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const ws = new WebSocket(scheme + location.host + "/ws/" + encodeURIComponent(page.table));
  page.ws = ws;
  ws.onopen = () => {
    const hello = page.watch ? {type: "hello", watch: true}
                             : {type: "hello", seat: page.seat, token: page.token};
    ws.send(JSON.stringify(hello));
  };
  ws.onmessage = (event) => receive(JSON.parse(event.data));
  ws.onclose = (event) => {
    if (page.ws !== ws) return;
    page.ws = null;
    if (event.code === 1008) notice(T.say("too_many"));
    if (page.denied) return;
    page.tries += 1;
    status(T.say("reconnecting"));
    setTimeout(connect, Math.min(5000, 250 * 2 ** Math.min(page.tries, 5)));
  };
}

function send(message) {
  if (page.ws && page.ws.readyState === WebSocket.OPEN) page.ws.send(JSON.stringify(message));
}

function receive(message) {
  if (message.type === "welcome") {
    T.words = message.words;
    document.documentElement.lang = message.lang;
    document.getElementById("narration-title").textContent = T.say("narration");
    page.tries = 0;
    return;
  }
  if (message.type === "denied") {
    page.denied = true;
    status(T.say(message.reason === "full" ? "full" : "wrong_link"));
    return;
  }
  if (message.type === "done") {
    if (page.pending && page.pending.seq === message.seq) page.pending = null;
    notice("");
    return;
  }
  if (message.type === "refused") {
    page.pending = null;
    notice(message.text);
    return;
  }
  if (message.type === "state") showState(message);
}

function showState(message) {
  for (const line of message.log) addLine(line);
  if (message.version === page.last && !message.log.length) return;
  page.last = message.version;
  const view = message.view;
  page.view = view;
  if (page.pending && page.pending.seq !== view.seq) {
    page.pending = null;
    notice("");
  }
  if (page.pending) send({type: "move", seq: page.pending.seq, id: page.pending.id});
  document.getElementById("heading").textContent = view.heading;
  document.title = view.title + " · trentuno";
  showPlayers(view);
  showZones(view);
  showHand(view);
  showMoves(view);
  showEnd("hand-end", T.say("hand_end"), message.hand_end && message.hand_end.lines);
  showEnd("game-end", T.say("game_end"), message.game_end, view.over);
  status(turnWords(view, message.broken));
}

function turnWords(view, broken) {
  if (broken) return T.say("broken_table", {why: broken});
  if (view.over) return T.say("game_end");
  if (page.watch) return T.say("watching");
  if (view.moves.length) return T.say("your_turn");
  const who = view.players.find((p) => p.to_play);
  return who ? T.say("waiting", {who: who.name}) : "";
}

function showPlayers(view) {
  const box = clear(document.getElementById("players"));
  const list = el("ul", {cls: "players"});
  for (const p of view.players) {
    const marks = p.marks.length ? " · " + p.marks.join(", ") : "";
    const item = el("li", {cls: (p.to_play ? "to-play " : "") + (p.you ? "you " : "") +
                                (p.alive ? "" : "out")},
                    el("span", {cls: "who", text: p.name}),
                    el("span", {cls: "stake", text: p.stake}),
                    el("span", {cls: "marks", text: T.say("cards_held", {n: p.cards}) + marks}));
    if (p.known.length) {
      item.append(el("span", {cls: "known", text: T.say("known", {
        cards: p.known.map((c) => c.code).join(" ")})}));
    }
    list.append(item);
  }
  box.append(list);
  if (view.pot) box.append(el("p", {cls: "pot", text: view.pot}));
}

function showZones(view) {
  const box = clear(document.getElementById("zones"));
  box.append(el("h2", {text: T.say("table")}));
  for (const zone of view.zones) {
    const row = el("div", {cls: "zone", "data-zone": zone.zone},
                   el("h3", {text: zone.name}));
    if (zone.owners) {
      for (const owner of zone.owners) {
        row.append(el("p", {}, owner.who + ": " + owner.count, " ",
                         owner.cards.map((c) => cardChip(c))));
      }
    } else {
      row.append(el("div", {cls: "cards"}, zone.cards.map((c) => cardChip(c))),
                 el("p", {cls: "count", text: zone.count}));
    }
    box.append(row);
  }
}

function showHand(view) {
  const box = clear(document.getElementById("hand"));
  if (!view.hand) return;
  box.append(el("h2", {text: view.hand.label}));
  const row = el("div", {cls: "cards"});
  const playable = new Set(view.moves.flatMap((m) => m.cards));
  for (const card of view.hand.cards) {
    if (!playable.has(card.code)) {
      row.append(cardChip(card));
      continue;
    }
    const chosen = page.filter === card.code;
    row.append(el("button", {type: "button", cls: "card-button" + (chosen ? " chosen" : ""),
                             "aria-pressed": chosen ? "true" : "false",
                             onclick: () => {
                               page.filter = chosen ? null : card.code;
                               showHand(page.view);
                               showMoves(page.view);
                             }}, cardChip(card)));
  }
  box.append(row);
}

function showMoves(view) {
  const box = clear(document.getElementById("moves"));
  if (!view.moves.length) return;
  box.append(el("h2", {text: T.say("moves")}));
  const shown = view.moves.map((m, i) => [m, i + 1])
    .filter(([m]) => !page.filter || m.cards.includes(page.filter));
  const list = el("ol", {cls: "move-list"});
  for (const [move, n] of shown.length ? shown : view.moves.map((m, i) => [m, i + 1])) {
    list.append(el("li", {}, el("button", {
      type: "button", cls: "move", "data-id": move.id, "data-role": move.role,
      disabled: page.pending !== null,
      onclick: () => choose(move),
    }, el("kbd", {text: n <= 9 ? String(n) : ""}), " " + move.text)));
  }
  box.append(list);
}

function choose(move) {
  if (page.pending || !page.view) return;
  page.pending = {seq: page.view.seq, id: move.id};
  page.filter = null;
  notice(T.say("sending"));
  send({type: "move", seq: page.pending.seq, id: move.id});
  showMoves(page.view);
  clearTimeout(page.resend);
  page.resend = setTimeout(() => {  // unanswered: the same move again, applied once
    if (page.pending) send({type: "move", seq: page.pending.seq, id: page.pending.id});
  }, 4000);
}

function showEnd(id, title, lines, always) {
  const box = clear(document.getElementById(id));
  box.hidden = !(lines && lines.length);
  if (box.hidden) return;
  box.append(el("h2", {text: title}),
             el("ul", {cls: "told"}, lines.map((line) => el("li", {
               cls: line.startsWith("  ") ? "row" : null, text: line}))));
  if (id === "game-end" && always) {
    box.append(el("p", {}, el("a", {href: "/api/tables/" + encodeURIComponent(page.table) +
                                          "/record", download: "", text: T.say("record")})),
               el("p", {cls: "hint", text: T.say("record_hint")}));
  }
}

function addLine(line) {
  const log = document.getElementById("log");
  if (log.querySelector('[data-n="' + line.n + '"]')) return;
  log.append(el("li", {"data-n": line.n, cls: line.heading ? "heading" :
                                          (line.text.startsWith("  ") ? "row" : null),
                       text: line.text}));
  while (log.children.length > 300) log.removeChild(log.firstChild);
  log.scrollTop = log.scrollHeight;
}

document.addEventListener("keydown", (event) => {
  if (event.target.tagName === "INPUT" || event.ctrlKey || event.metaKey || event.altKey) return;
  const n = Number(event.key);
  if (!page.view || !Number.isInteger(n) || n < 1 || n > 9) return;
  const move = page.view.moves[n - 1];
  if (move) choose(move);
});

parseLink();
connect();
