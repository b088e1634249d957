// One table's WebSocket (`threeup3down serve`, protocol version 1): the hello,
// then frames in order; after a dropped connection, a new one that says hello
// with the number of the last frame seen, so no frame is lost or repeated.

// Close codes after which trying again cannot help (docs/protocol.rst).
const FINAL = new Set([4400, 4401, 4403, 4404, 1009]);

export class TableConnection {
  // `handlers`: onWelcome(message), onFrame(frame), onError(message),
  // onState("open" | "reconnecting" | "closed", code).
  constructor(table, token, locale, handlers) {
    this.table = table;
    this.token = token;
    this.locale = locale;
    this.handlers = handlers;
    this.last = null;      // the number of the last frame received
    this.over = false;     // the game has ended: no need to reconnect
    this.connects = 0;
    this.hellos = [];      // the `last` of each hello said (null: from frame 0)
    this.socket = null;
    this.retry = 0;
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/api/tables/${encodeURIComponent(this.table)}/play`;
  }

  open() {
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.connects += 1;
      const hello = {type: "hello", version: 1, svg: true, locale: this.locale};
      if (this.token) {
        hello.token = this.token;
      }
      if (this.last !== null) {
        hello.last = this.last;
      }
      this.hellos.push(this.last);
      socket.send(JSON.stringify(hello));
    });
    socket.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => this.closed(socket, event.code));
  }

  receive(message) {
    if (message.type === "welcome") {
      this.retry = 0;
      this.handlers.onState("open");
      this.handlers.onWelcome(message);
    } else if (message.type === "frame") {
      if (message.n !== (this.last === null ? 0 : this.last + 1)) {
        throw new Error(`frame ${message.n} after frame ${this.last}`);
      }
      this.last = message.n;
      this.over = message.result !== "*";
      this.handlers.onFrame(message);
    } else if (message.type === "error") {
      this.handlers.onError(message);
    }
  }

  closed(socket, code) {
    if (socket !== this.socket) {
      return;
    }
    if (this.over || FINAL.has(code)) {
      this.handlers.onState("closed", code);
      return;
    }
    this.handlers.onState("reconnecting", code);
    const delay = Math.min(5000, 250 * 2 ** this.retry);
    this.retry += 1;
    setTimeout(() => this.open(), delay);
  }

  move(notation) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify({type: "move", move: notation}));
    }
  }
}
