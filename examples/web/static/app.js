// The 3UP 3DOWN page: a client of `threeup3down serve`, served by it
// (`threeup3down serve --static examples/web/static`), plain JavaScript.
//
// The lobby creates a table (POST /api/tables) and shows an invite link for
// each person's seat; a link opens this page with the table and the invite in
// its fragment (#table=ID&invite=CODE), and the page takes the seat
// (POST /api/tables/ID/join). Without an invite (#table=ID) the page watches.
// Play goes over the table's WebSocket (connection.js): the server sends each
// frame with the seat's picture, its legal moves and its events told in the
// page's language; the page turns clicks into move notation and never decides
// what is legal: the engine on the server does.

import {TableConnection} from "./connection.js";
import {loadTexts, text} from "./texts.js";

const BOTS = ["heuristic", "lowest", "random"];  // names make_bot takes
const RULE_SWITCHES = ["places", "draw_instead", "reverse_on_one", "reverse_each_one", "clear_ends_turn", "same_colour_swap"];

const $ = (id) => document.getElementById(id);
const tableEl = $("table");
const playButton = $("play");
const swapButton = $("swap");
const clearButton = $("clear");

let frame = null;       // the last frame received
let seat = null;        // this page's seat, null while watching
let selected = [];      // [{zone, card, element}]
let lang = "en";

// What tests and curious people may look at: the connection and every frame number received.
window.threeup = {connection: null, frames: []};

function showMessage(words, rule = "") {
  $("message").textContent = words;
  $("message").hidden = !words;
  $("message").dataset.rule = rule;
}

async function call(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: {"Content-Type": "application/json"},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  return {ok: response.ok, data};
}

// ------------------------------------------------------------------ lobby

function seatChoices() {
  const count = Number($("players").value);
  const seats = $("seats");
  const kept = [...seats.querySelectorAll("select")].map((select) => select.value);
  seats.replaceChildren();
  for (let index = 0; index < count; index += 1) {
    const label = document.createElement("label");
    const name = document.createElement("span");
    name.textContent = text("seat", {seat: index});
    const select = document.createElement("select");
    select.name = `seat${index}`;
    select.dataset.seat = String(index);
    select.append(new Option(text("person"), "human"), ...BOTS.map((bot) => new Option(bot, bot)));
    select.value = kept[index] || "human";
    label.append(name, " ", select);
    seats.append(label);
  }
}

function linkTo(table, invite) {
  const fragment = new URLSearchParams({table});
  if (invite) {
    fragment.set("invite", invite);
  }
  return `${location.origin}${location.pathname}${location.search}#${fragment}`;
}

function showInvites(table, invites, own) {
  const items = [];
  invites.forEach((invite, index) => {
    if (invite && index !== own) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = linkTo(table, invite);
      link.textContent = link.href;
      link.className = "invite";
      link.dataset.seat = String(index);
      item.append(text("seat", {seat: index}), ": ", link);
      items.push(item);
    }
  });
  const watch = document.createElement("li");
  const link = document.createElement("a");
  link.href = linkTo(table);
  link.textContent = link.href;
  link.className = "watch";
  watch.append(text("watch"), ": ", link);
  $("invite-links").replaceChildren(...items, watch);
  $("invites").hidden = false;
}

async function createTable(event) {
  event.preventDefault();
  const form = new FormData(event.target);
  const seats = [...$("seats").querySelectorAll("select")].map((select) => select.value);
  const rules = {};
  for (const option of RULE_SWITCHES) {
    rules[option] = form.get(option) === "on";
  }
  rules.early_draw = form.get("early_draw_one") === "on" ? "one" : "refill";
  const created = await call("POST", "/api/tables", {seats, rules});
  if (!created.ok) {
    showMessage(text("cannot_start", {error: created.data.error.message}));
    return;
  }
  showMessage("");
  const {table, invites} = created.data;
  const own = invites.findIndex((invite) => invite !== null);
  showInvites(table, invites, own);
  if (own < 0) {
    enter(table, null);  // bots only: watch them
  } else {
    await join(table, invites[own]);
  }
}

// Take the seat of `invite`; its token is kept for this tab, so a reload plays on.
async function join(table, invite) {
  const joined = await call("POST", `/api/tables/${encodeURIComponent(table)}/join`, {invite});
  if (!joined.ok) {
    showMessage(text("cannot_join", {error: joined.data.error.message}));
    return;
  }
  sessionStorage.setItem(`threeup3down:${table}`, joined.data.token);
  enter(table, joined.data.token);
}

function enter(table, token) {
  history.replaceState(null, "", `${location.pathname}${location.search}#${new URLSearchParams({table})}`);
  $("lobby").hidden = true;
  $("game").hidden = false;
  const connection = new TableConnection(table, token, lang, {
    onWelcome: (welcome) => {
      seat = welcome.seat;
      $("seat").textContent = seat === null ? text("watching") : text("you_are", {player: seat});
    },
    onFrame: render,
    onError: (error) => {
      const told = error.told
        ? text("not_allowed", {message: error.told, rule: error.rule})
        : error.message;
      showMessage(told, error.rule || "");
      selected = [];
      updateSelection();
    },
    onState: (state, code) => {
      document.body.dataset.connection = state;
      document.body.dataset.connects = String(connection.connects);
      if (state === "reconnecting") {
        showMessage(text("reconnecting"));
      } else if (state === "open") {
        showMessage("");
      } else if (!connection.over) {
        showMessage(text("cannot_join", {error: String(code)}));
      }
    },
  });
  window.threeup.connection = connection;
  connection.open();
}

// ------------------------------------------------------------------- play

// The kind of a legal move, as the server writes it: which button makes it.
function moveKind(notation) {
  if (notation.startsWith("up:")) {
    return "choose";
  }
  if (notation.startsWith("swap:")) {
    return "swap";
  }
  if (/^v[0-9]+$/.test(notation)) {
    return "flip";
  }
  return ["pick", "draw", "take", "keep"].includes(notation) ? notation : "play";
}

function showButtons() {
  const kinds = new Set(frame.moves.map(moveKind));
  playButton.hidden = !kinds.has("play") && !kinds.has("choose");
  swapButton.hidden = !kinds.has("swap");
  clearButton.hidden = playButton.hidden && swapButton.hidden;
  for (const button of document.querySelectorAll("button[data-move]")) {
    button.hidden = !kinds.has(button.dataset.move);
  }
  $("selection").hidden = clearButton.hidden && !kinds.has("flip");
}

function logEvents(told, events) {
  if (!told || !told.length) {
    return;
  }
  const block = document.createElement("li");
  block.dataset.frame = String(frame.n);
  const lines = document.createElement("ul");
  told.forEach((line, index) => {
    const item = document.createElement("li");
    item.textContent = line;
    item.dataset.type = events[index].type;
    lines.append(item);
  });
  block.append(lines);
  $("log").prepend(block);
}

function render(next) {
  frame = next;
  window.threeup.frames.push(frame.n);
  selected = [];
  tableEl.innerHTML = frame.svg;
  if (seat !== null) {
    const own = tableEl.querySelector(`g.seat[data-seat="${seat}"]`);
    own.classList.add("own");
    for (const card of own.querySelectorAll("g[data-zone]")) {
      card.setAttribute("tabindex", "0");
      card.setAttribute("role", "button");
    }
  }
  const over = frame.result !== "*";
  playButton.textContent = text(frame.view.phase === "setup" ? "choose" : "play");
  $("status").textContent = over ? text("over")
    : frame.moves.length ? text("your_move") : text("waiting", {player: frame.view.current_player});
  const end = frame.events.findIndex((event) => event.type === "game-over");
  $("result").textContent = over && end >= 0 && frame.told ? frame.told[end] : "";
  $("result").hidden = !over;
  logEvents(frame.told, frame.events);
  showButtons();
  $("legal").replaceChildren(...frame.moves.map((move) => {
    const item = document.createElement("li");
    item.textContent = move;
    item.dataset.move = move;
    return item;
  }));
  updateSelection();
  if (!$("message").dataset.rule) {
    showMessage("");
  }
  document.body.dataset.frame = String(frame.n);
  document.body.dataset.result = frame.result;
}

function updateSelection() {
  for (const element of tableEl.querySelectorAll("g.selected")) {
    element.classList.remove("selected");
  }
  for (const choice of selected) {
    choice.element.classList.add("selected");
  }
  $("selection").textContent = selected.length
    ? text("selected", {cards: selected.map((c) => (c.zone === "up" ? "3UP " : "") + c.card).join(", ")})
    : text("select_hint");
}

// Move notation for what is selected: "7r,7g" from the hand, "^9b" from
// 3UP, "up:..." in setup. A mixed selection is sent as it is, and the
// server says why it is no move.
function playText() {
  const hand = selected.filter((c) => c.zone === "hand").map((c) => c.card);
  const up = selected.filter((c) => c.zone === "up").map((c) => c.card);
  if (frame.view.phase === "setup") {
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

function send(notation) {
  if (!frame || seat === null) {
    return;
  }
  showMessage("");
  window.threeup.connection.move(notation);
}

function onCardClick(target) {
  const card = target.closest("g[data-zone]");
  const seatGroup = target.closest("g.seat");
  if (!card || !seatGroup || seat === null || seatGroup.dataset.seat !== String(seat)) {
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
    selected.push({zone: card.dataset.zone, card: card.dataset.card, element: card});
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
swapButton.addEventListener("click", () => send(swapText()));
clearButton.addEventListener("click", () => {
  selected = [];
  updateSelection();
});
for (const button of document.querySelectorAll("button[data-move]")) {
  button.addEventListener("click", () => send(button.dataset.move));
}

async function start() {
  lang = await loadTexts();
  seatChoices();
  $("players").addEventListener("change", seatChoices);
  $("new-table").addEventListener("submit", createTable);
  const fragment = new URLSearchParams(location.hash.slice(1));
  const table = fragment.get("table");
  if (table) {
    const invite = fragment.get("invite");
    if (invite) {
      await join(table, invite);
    } else {
      enter(table, sessionStorage.getItem(`threeup3down:${table}`));
    }
  }
  document.body.dataset.ready = "true";
}

start();
