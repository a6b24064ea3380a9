/* Keeps a page in step with its table.
 *
 * The websocket brings a snapshot, then every event with its seq. Delivery
 * is at-most-once, so we track lastSeq: on a gap, a reconnect or the phone
 * waking up we fetch the snapshot and the log after lastSeq over HTTP, and we
 * poll that endpoint while the socket cannot connect. Commands go over HTTP.
 *
 * The server sends a heartbeat with the table's current seq every few
 * seconds: a lost push shows as heartbeat.seq > lastSeq and we catch up at
 * once ("Catching up…"), and a socket that stays silent for three heartbeats
 * is treated as dead and replaced. A command whose answer was lost (network,
 * 5xx, 503) is retried with the same command_id, which the server applies
 * once.
 */
(function () {
  "use strict";

  function uuid() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var b = new Uint8Array(16);
    (window.crypto || {}).getRandomValues ? crypto.getRandomValues(b) : b.forEach(function (_, i) { b[i] = Math.random() * 256; });
    return Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join("");
  }

  function TableSync(opts) {
    this.tableId = opts.tableId;
    this.token = opts.token;
    this.onState = opts.onState;       // (state, table) -> void
    this.onEvents = opts.onEvents;     // ([events]) -> void, oldest first
    this.onTable = opts.onTable;       // (tableJson) -> void (seats, name, status)
    this.onConn = opts.onConn;         // ("live"|"connecting"|"polling"|"offline"|"closed", text) -> void
    this.onClosed = opts.onClosed;     // (code) -> void, seat removed / bad token
    this.lastSeq = opts.seq || 0;
    this.logSeq = 0;                   // newest event seq already handed to onEvents
    this.ws = null;
    this.retry = 0;
    this.pollTimer = null;
    this.stopped = false;
    this.catchingUp = false;
    this.beatEvery = 10000;            // ms; the server's heartbeat says its own
    this.lastHeard = Date.now();
    this.watchdog = null;
  }

  TableSync.prototype.api = function (path, init) {
    init = init || {};
    init.headers = Object.assign({ "Authorization": "Seat " + this.token, "Accept": "application/json" }, init.headers || {});
    return fetch("/api/v1/tables/" + this.tableId + path, init).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (body) {
        if (!r.ok) { var e = new Error(body.message || ("Error " + r.status)); e.body = body; e.status = r.status; throw e; }
        return body;
      });
    });
  };

  TableSync.prototype.start = function () {
    var self = this;
    this.connect();
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") { self.catchUp(); if (!self.ws) self.connect(); }
    });
    window.addEventListener("online", function () { self.catchUp(); if (!self.ws) self.connect(); });
    this.watchdog = setInterval(function () { self.checkSilence(); }, 2000);
    this.loadLog();
  };

  TableSync.prototype.loadLog = function () {
    var self = this;
    // The page's first view of the log: the latest 200 entries.
    var after = Math.max(0, this.lastSeq - 200);
    return this.api("/events/?after=" + after).then(function (page) { self.deliver(page.results); });
  };

  TableSync.prototype.deliver = function (events) {
    var fresh = events.filter(function (e) { return e.seq > this.logSeq; }, this);
    if (!fresh.length) return;
    this.logSeq = fresh[fresh.length - 1].seq;
    this.onEvents(fresh);
  };

  TableSync.prototype.connect = function () {
    if (this.stopped) return;
    var self = this;
    var proto = location.protocol === "https:" ? "wss://" : "ws://";
    var ws;
    try {
      ws = new WebSocket(proto + location.host + "/ws/tables/" + this.tableId + "/");
    } catch (e) { this.startPolling(); return; }
    this.ws = ws;
    this.onConn("connecting", "Connecting…");
    ws.onopen = function () { self.retry = 0; self.lastHeard = Date.now(); };
    ws.onmessage = function (m) { self.lastHeard = Date.now(); self.handle(JSON.parse(m.data)); };
    ws.onclose = function (ev) {
      self.ws = null;
      if (ev.code === 4401 || ev.code === 4403 || ev.code === 4404) {
        self.stopped = true; self.stopPolling(); self.onConn("closed", "Disconnected"); self.onClosed(ev.code); return;
      }
      self.startPolling();
      var wait = Math.min(15000, 500 * Math.pow(2, self.retry++));
      setTimeout(function () { self.connect(); }, wait);
    };
  };

  /* A socket can die without a close event (a phone asleep, a proxy timing
   * out): three heartbeats of silence and we drop it and reconnect. */
  TableSync.prototype.checkSilence = function () {
    if (!this.ws || this.ws.readyState !== 1) return;
    if (Date.now() - this.lastHeard < 3 * this.beatEvery) return;
    var dead = this.ws;
    this.ws = null;
    dead.onclose = null;
    try { dead.close(); } catch (e) { /* already closing */ }
    this.startPolling();
    this.connect();
  };

  TableSync.prototype.handle = function (msg) {
    if (msg.type === "heartbeat") {
      if (msg.every_s > 0) this.beatEvery = msg.every_s * 1000;
      if (msg.seq > this.lastSeq) {
        var self = this;
        this.onConn("connecting", "Catching up…");
        this.catchUp().then(function () { if (self.ws && !self.stopped) self.onConn("live", "Live"); });
      }
      return;
    }
    if (msg.type === "snapshot") {
      this.stopPolling();
      this.onConn("live", "Live");
      if (msg.seq >= this.lastSeq) {
        var gap = msg.seq > this.logSeq;
        this.lastSeq = msg.seq;
        this.onState(msg.state, msg);
        if (gap) this.fillLog();
      }
      return;
    }
    if (msg.type !== "event") return;
    if (msg.seq <= this.lastSeq && msg.seq <= this.logSeq) return;   // already have it
    if (msg.seq > this.logSeq + 1) { this.catchUp(); return; }        // a gap: fetch what we missed
    this.deliver([msg.event]);
    if (msg.state) { this.lastSeq = msg.seq; this.onState(msg.state, msg); }
    if (/^(seat|table)\./.test(msg.event.type)) this.refreshTable();
  };

  TableSync.prototype.fillLog = function () {
    var self = this;
    function page(after) {
      return self.api("/events/?after=" + after).then(function (p) {
        self.deliver(p.results);
        if (p.has_more) return page(p.next_after);
      });
    }
    return page(this.logSeq);
  };

  TableSync.prototype.refreshTable = function () {
    var self = this;
    return this.api("/").then(function (t) { self.onTable(t); return t; });
  };

  TableSync.prototype.catchUp = function () {
    if (this.catchingUp || this.stopped) return Promise.resolve();
    var self = this;
    this.catchingUp = true;
    return this.fillLog().then(function () { return self.refreshTable(); }).then(function (t) {
      if (t.seq >= self.lastSeq) { self.lastSeq = t.seq; self.onState(t.state, t); }
    }).catch(function (e) {
      if (e.status === 401 || e.status === 403) { self.stopped = true; self.onClosed(4403); }
      else self.onConn("offline", "Offline – retrying");
    }).then(function () { self.catchingUp = false; });
  };

  TableSync.prototype.startPolling = function () {
    if (this.pollTimer || this.stopped) return;
    var self = this;
    this.onConn("polling", "Reconnecting – checking every few seconds");
    this.pollTimer = setInterval(function () { self.catchUp(); }, 3000);
    this.catchUp();
  };

  TableSync.prototype.stopPolling = function () {
    if (this.pollTimer) { clearInterval(this.pollTimer); this.pollTimer = null; }
  };

  /* Send a command; resolves with the answer {seq, events, state}.
   * A lost answer (no connection, 5xx, 503 busy) is retried with the same
   * command_id: the server applies a command id once and answers a retry
   * with the first answer. A 4xx refusal is final and rejects. */
  TableSync.prototype.send = function (type, payload) {
    var self = this;
    var body = JSON.stringify({ command_id: uuid(), type: type, payload: payload || {} });
    var init = { method: "POST", body: body, headers: { "Content-Type": "application/json" } };
    function attempt(n) {
      return self.api("/commands/", Object.assign({}, init)).catch(function (e) {
        var transient = !e.status || e.status >= 500 || e.status === 429;
        if (!transient || n >= 4 || self.stopped) throw e;
        self.onConn("connecting", "Sending again…");
        return new Promise(function (resolve) { setTimeout(resolve, 500 * Math.pow(2, n)); })
          .then(function () { return attempt(n + 1); });
      });
    }
    return attempt(0).then(function (res) {
      if (self.ws && self.ws.readyState === 1) self.onConn("live", "Live");
      if (res.events.length && res.events[0].seq === self.logSeq + 1) self.deliver(res.events);
      else if (res.seq > self.logSeq) self.fillLog();
      if (res.seq > self.lastSeq) { self.lastSeq = res.seq; self.onState(res.state, res); }
      if (res.events.some(function (e) { return /^(seat|table)\./.test(e.type); })) self.refreshTable();
      return res;
    });
  };

  /* A typed number, read strictly: "12" is 12; "1e3", "2.5", "12abc" are sent
   * as typed so the server refuses them by name ("must be a whole number")
   * instead of reading their leading digits; empty is null. */
  TableSync.whole = function (value) {
    var text = String(value == null ? "" : value).trim();
    if (text === "") return null;
    return /^[+-]?\d+$/.test(text) ? parseInt(text, 10) : text;
  };
  TableSync.negated = function (value) {
    var n = TableSync.whole(value);
    return typeof n === "number" ? -n : n;
  };

  window.TableSync = TableSync;
})();
