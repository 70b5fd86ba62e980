// Helpers shared by the pages. Every text from the server (rule files, names, narration)
// goes into the page as textContent, never as HTML.
"use strict";

const T = {
  words: {},
  say(key, fields) {
    let text = this.words[key] || key;
    for (const [name, value] of Object.entries(fields || {})) {
      text = text.split("{" + name + "}").join(String(value));
    }
    return text;
  },
};

function el(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "cls") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

async function getJSON(url, options) {
  const answer = await fetch(url, options);
  let data = null;
  try {
    data = await answer.json();
  } catch (err) {
    data = {error: String(answer.status)};
  }
  return {ok: answer.ok, status: answer.status, data};
}

function postJSON(url, body) {
  return getJSON(url, {method: "POST", headers: {"content-type": "application/json"},
                       body: JSON.stringify(body)});
}

async function loadWords(lang) {
  const got = await getJSON("/api/words?lang=" + encodeURIComponent(lang));
  T.words = got.data || {};
  document.documentElement.lang = lang;
}

function cardChip(card, extra) {
  return el("span", {cls: "card suit-" + card.suit + (extra ? " " + extra : ""),
                     title: card.name},
            el("b", {text: card.code}), el("small", {text: card.name}));
}

function sectionsOf(sections) {
  const out = el("div", {cls: "explain"});
  for (const s of sections) {
    out.append(el(s.key === "about" ? "h3" : "h4", {text: s.title}));
    if (s.key === "about") {
      for (const line of s.lines) out.append(el("p", {text: line}));
      continue;
    }
    const list = el("ul");
    for (const line of s.lines) {
      const depth = line.length - line.trimStart().length;
      list.append(el("li", {cls: depth ? "sub" : null, text: line.trim()}));
    }
    out.append(list);
  }
  return out;
}
