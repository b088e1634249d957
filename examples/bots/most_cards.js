// A bot for the threeup3down arena in JavaScript (Node.js, no packages): it plays the
// move that lays the most cards, lowest number first, and keeps Clear cards for last.
//
// It speaks the bot protocol (threeup3down.arena.protocol): a hello line, then one
// answer for each decide message, until bye.
//
//     threeup3down arena --bot "js-most=node examples/bots/most_cards.js" --bot random --players 2 --games 20
"use strict";

const readline = require("readline");

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

// A play is its cards in notation, "7g,7r"; a Clear card is "C+1g" and the like.
function preference(move) {
  if (/^(up:|swap:|v\d|pick|draw|take|keep)/.test(move)) return [0, 0, 0];
  const cards = move.split(",");
  const clear = cards[0].startsWith("C") ? 1 : 0;
  return [1 + clear, -cards.length, parseInt(cards[0], 10) || 0];
}

function better(a, b) {
  const x = preference(a), y = preference(b);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] < y[i];
  return false;
}

send({ type: "hello", protocol: 1, bot: "js-most-cards" });
const input = readline.createInterface({ input: process.stdin });
input.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "bye") {
    input.close();
  } else if (message.type === "decide") {
    let best = message.legal_moves[0];
    for (const move of message.legal_moves) if (better(move, best)) best = move;
    send({ type: "move", move: best });
  }
});
