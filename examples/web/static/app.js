// The page of the 3UP 3DOWN example: draws the SVG the server sends, turns
// clicks into move notation, and shows what the server answers. It never
// decides whether a move is legal: the engine on the server does. It shows
// only the buttons for the kinds of move the server lists as legal now.
// Its texts come from the server in the page's language (?lang=km in the
// address, else the browser's): the page's own from GET /api/texts, the
// game's (narration, refusals, the picture) with every view.
"use strict";

const tableEl = document.getElementById("table");
const statusEl = document.getElementById("status");
const resultEl = document.getElementById("result");
const messageEl = document.getElementById("message");
const selectionEl = document.getElementById("selection");
const legalEl = document.getElementById("legal");
const logEl = document.getElementById("log");
const playButton = document.getElementById("play");
const swapButton = document.getElementById("swap");
const clearButton = document.getElementById("clear");
const lastMoveEl = document.getElementById("last-move");
const lastMoveTextEl = document.getElementById("last-move-text");

let view = null;        // the last view the server sent
let selected = [];      // [{zone, index, card, element}]
let texts = {};         // the page's texts in its language, by key (GET /api/texts)
const wanted = new URLSearchParams(location.search).get("lang") || navigator.language || "en";

// The page's text ``key``, its %(name)s placeholders filled from ``values``.
function text(key, values = {}) {
  return (texts[key] || key).replace(/%\((\w+)\)s/g, (_, name) => String(values[name]));
}

async function loadTexts() {
  const answer = await call("GET", `/api/texts?lang=${encodeURIComponent(wanted)}`);
  const data = answer.ok ? answer.data : (await call("GET", "/api/texts")).data;
  texts = data.texts;
  document.documentElement.lang = data.lang;
  for (const element of document.querySelectorAll("[data-text]")) {
    element.textContent = text(element.dataset.text);
  }
  for (const [attribute, name] of [["placeholder", "textPlaceholder"], ["title", "textTitle"], ["aria-label", "textAriaLabel"]]) {
    for (const element of document.querySelectorAll(`[data-text-${attribute}]`)) {
      element.setAttribute(attribute, text(element.dataset[name]));
    }
  }
  const picker = document.getElementById("lang");
  picker.replaceChildren(...data.languages.map(([tag, name]) => new Option(name, tag, false, tag === data.lang)));
  picker.addEventListener("change", () => {
    location.search = `?lang=${encodeURIComponent(picker.value)}`;
  });
  document.body.dataset.lang = data.lang;
}

async function call(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : {"Content-Type": "application/json"},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {ok: response.ok, status: response.status, data: await response.json()};
}

function showMessage(text) {
  messageEl.textContent = text;
  messageEl.hidden = !text;
}

// The kind of a legal move, as the server writes it: which button makes it.
function moveKind(text) {
  if (text.startsWith("up:")) {
    return "choose";
  }
  if (text.startsWith("swap:")) {
    return "swap";
  }
  if (/^v[0-9]+$/.test(text)) {
    return "flip";
  }
  return ["pick", "draw", "take", "keep"].includes(text) ? text : "play";
}

function showButtons() {
  const kinds = new Set(view.legal_moves.map(moveKind));
  playButton.hidden = !kinds.has("play") && !kinds.has("choose");
  swapButton.hidden = !kinds.has("swap");
  clearButton.hidden = playButton.hidden && swapButton.hidden;
  for (const button of document.querySelectorAll("button[data-move]")) {
    button.hidden = !kinds.has(button.dataset.move);
  }
  selectionEl.hidden = clearButton.hidden && !kinds.has("flip");
}

function render(next) {
  view = next;
  selected = [];
  const observation = view.observation;
  tableEl.innerHTML = view.svg;
  const own = tableEl.querySelector(`g.seat[data-seat="${observation.player}"]`);
  if (own) {
    own.classList.add("own");
    for (const card of own.querySelectorAll("g[data-zone]")) {
      card.setAttribute("tabindex", "0");
      card.setAttribute("role", "button");
    }
  }
  playButton.textContent = text(observation.phase === "setup" ? "choose" : "play");
  statusEl.textContent = view.over ? text("over")
    : view.to_move ? text("your_move") : text("waiting", {player: observation.current_player});
  resultEl.textContent = view.result || "";
  resultEl.hidden = !view.result;
  lastMoveTextEl.textContent = view.last_move ? text("last_move", {move: view.last_move}) : "";
  lastMoveEl.hidden = !view.last_move;
  showButtons();
  legalEl.replaceChildren(...view.legal_moves.map((move) => {
    const item = document.createElement("li");
    item.textContent = move;
    item.dataset.move = move;
    return item;
  }));
  updateSelection();
  document.body.dataset.renders = String(Number(document.body.dataset.renders) + 1);
}

function logEvents(heading, events) {
  const block = document.createElement("li");
  const title = document.createElement("strong");
  title.textContent = heading;
  const lines = document.createElement("ul");
  for (const event of events) {
    const line = document.createElement("li");
    line.textContent = event.text;
    line.dataset.type = event.event.type;
    lines.append(line);
  }
  block.append(title, lines);
  logEl.prepend(block);
}

function updateSelection() {
  for (const element of tableEl.querySelectorAll("g.selected")) {
    element.classList.remove("selected");
  }
  for (const choice of selected) {
    choice.element.classList.add("selected");
  }
  selectionEl.textContent = selected.length
    ? text("selected", {cards: selected.map((c) => (c.zone === "up" ? "3UP " : "") + c.card).join(", ")})
    : text("select_hint");
}

// Move notation for what is selected, as the player asked: "7r,7g" from the
// hand, "^9b" from 3UP, "up:..." in setup. A mixed selection is sent as it
// is, and the server says why it is no move.
function playText() {
  const hand = selected.filter((c) => c.zone === "hand").map((c) => c.card);
  const up = selected.filter((c) => c.zone === "up").map((c) => c.card);
  if (view.observation.phase === "setup") {
    return "up:" + [...hand, ...up].join(",");
  }
  if (!hand.length) {
    return "^" + up.join(",");
  }
  return [...hand, ...up.map((card) => "^" + card)].join(",");
}

function swapText() {
  const hand = selected.filter((c) => c.zone === "hand").map((c) => c.card);
  const up = selected.filter((c) => c.zone === "up").map((c) => c.card);
  return `swap:${hand.join(",")}/${up.join(",")}`;
}

async function send(notation) {
  if (!view) {
    return;
  }
  const answer = await call("POST", `/api/games/${view.game}/moves`, {move: notation});
  if (!answer.ok) {
    // The engine's refusal told to you in the game's language, and the rule it cites.
    showMessage(answer.data.message
      ? text("not_allowed", {message: answer.data.message, rule: answer.data.rule})
      : answer.data.error);
    messageEl.dataset.rule = answer.data.rule || "";
    selected = [];
    updateSelection();
    return;
  }
  showMessage("");
  logEvents(text("you_played", {move: notation}), answer.data.events);
  render(answer.data);
}

function onCardClick(target) {
  const card = target.closest("g[data-zone]");
  const seat = target.closest("g.seat");
  if (!card || !seat || !view || seat.dataset.seat !== String(view.observation.player)) {
    return;
  }
  if (card.dataset.zone === "down") {
    send(`v${card.dataset.position}`);
    return;
  }
  if (!card.dataset.card) {
    return;  // a face-down 3UP card during setup
  }
  const index = selected.findIndex((c) => c.element === card);
  if (index >= 0) {
    selected.splice(index, 1);
  } else {
    selected.push({zone: card.dataset.zone, index: card.dataset.index, card: card.dataset.card, element: card});
  }
  updateSelection();
}

tableEl.addEventListener("click", (event) => onCardClick(event.target));
tableEl.addEventListener("keydown", (event) => {
  if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    onCardClick(event.target);
  }
});
playButton.addEventListener("click", () => send(playText()));
document.getElementById("swap").addEventListener("click", () => send(swapText()));
document.getElementById("clear").addEventListener("click", () => {
  selected = [];
  updateSelection();
});
for (const button of document.querySelectorAll("button[data-move]")) {
  button.addEventListener("click", () => send(button.dataset.move));
}

document.getElementById("new-game").addEventListener("submit", async (event) => {
  event.preventDefault();
  await ready;
  const form = new FormData(event.target);
  const rules = {players: Number(form.get("players"))};
  for (const option of ["places", "draw_instead", "reverse_on_one", "reverse_each_one", "clear_ends_turn", "same_colour_swap"]) {
    rules[option] = form.get(option) === "on";
  }
  rules.early_draw = form.get("early_draw_one") === "on" ? "one" : "refill";
  const seed = form.get("seed");
  const body = {rules, seed: seed === "" ? null : Number(seed), locale: document.documentElement.lang};
  const answer = await call("POST", "/api/games", body);
  if (!answer.ok) {
    showMessage(text("cannot_start", {error: answer.data.error}));
    return;
  }
  showMessage("");
  logEl.replaceChildren();
  logEvents(text("new_game_log", {game: answer.data.game}), []);
  render(answer.data);
});

const ready = loadTexts();  // every answer is drawn after the texts have come
