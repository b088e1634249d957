// A client of `threeup3down serve` in JavaScript: create a table, take a seat,
// play it to the end. Node.js 22 or later (Node.js 20: `node --experimental-websocket`),
// or paste the function into a browser's console on the server's page.
//
//   node examples/server_client.mjs [URL]
//
// It plays seat 0 against the heuristic bot, picking a random legal move from each frame,
// and prints how the game ended as the server tells it: "Game over. Player 1 wins. (result: 1)".

async function post(url, body) {
  const answer = await fetch(url, {
    method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body),
  });
  if (!answer.ok) {
    throw new Error(`${url}: ${answer.status} ${await answer.text()}`);
  }
  return answer.json();
}

export async function play(server = "http://127.0.0.1:8000") {
  const table = await post(`${server}/api/tables`, {seats: ["human", "heuristic"]});
  const seat = await post(`${server}/api/tables/${table.table}/join`, {invite: table.invites[0]});
  const ws = new WebSocket(`${server.replace("http", "ws")}/api/tables/${table.table}/play`);
  return new Promise((resolve, reject) => {
    ws.onopen = () => ws.send(JSON.stringify({type: "hello", version: 1, token: seat.token, locale: "en"}));
    ws.onerror = () => reject(new Error("the connection failed"));
    ws.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "frame" && message.result !== "*") {
        ws.close();
        resolve({result: message.result, told: message.told.at(-1)});
      } else if (message.type === "frame" && message.moves.length) {
        const move = message.moves[Math.floor(Math.random() * message.moves.length)];
        ws.send(JSON.stringify({type: "move", move}));
      }
    };
  });
}

if (typeof process !== "undefined" && import.meta.url === `file://${process.argv[1]}`) {
  if (typeof WebSocket === "undefined") {
    console.error("no WebSocket in this Node.js: use Node.js 22, or node --experimental-websocket");
    process.exit(2);
  }
  const {result, told} = await play(process.argv[2] || "http://127.0.0.1:8000");
  console.log(`${told} (result: ${result})`);
}
