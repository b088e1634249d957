// The page of the 3UP 3DOWN example: draws the SVG the server sends, turns
// clicks into move notation, and shows what the server answers. It never
// decides whether a move is legal: the engine on the server does. It shows
// only the buttons for the kinds of move the server lists as legal now.
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
  playButton.textContent = observation.phase === "setup" ? "Choose selected as 3UP" : "Play selected";
  statusEl.textContent = view.over ? "The game is over."
    : view.to_move ? "Your move." : `Waiting for player ${observation.current_player}.`;
  resultEl.textContent = view.result || "";
  resultEl.hidden = !view.result;
  lastMoveTextEl.textContent = view.last_move
    ? `Outlined in purple on the table: the last move, ${view.last_move}.` : "";
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
    ? "Selected: " + selected.map((c) => (c.zone === "up" ? "3UP " : "") + c.card).join(", ")
    : "Click your cards to select them; click a 3DOWN card to turn it over.";
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

async function send(text) {
  if (!view) {
    return;
  }
  const answer = await call("POST", `/api/games/${view.game}/moves`, {move: text});
  if (!answer.ok) {
    // The engine's own message, which starts with the rule it cites ("P2: ...").
    showMessage(`Not allowed: ${answer.data.error}`);
    messageEl.dataset.rule = answer.data.rule || "";
    selected = [];
    updateSelection();
    return;
  }
  showMessage("");
  logEvents(`You: ${text}`, answer.data.events);
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
  const form = new FormData(event.target);
  const rules = {players: Number(form.get("players"))};
  for (const option of ["places", "draw_instead", "reverse_on_one", "reverse_each_one", "clear_ends_turn", "same_colour_swap"]) {
    rules[option] = form.get(option) === "on";
  }
  rules.early_draw = form.get("early_draw_one") === "on" ? "one" : "refill";
  const seed = form.get("seed");
  const answer = await call("POST", "/api/games", {rules, seed: seed === "" ? null : Number(seed)});
  if (!answer.ok) {
    showMessage(`Cannot start: ${answer.data.error}`);
    return;
  }
  showMessage("");
  logEl.replaceChildren();
  logEvents(`New game ${answer.data.game}`, []);
  render(answer.data);
});
