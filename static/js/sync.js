/* Keeps a page in step with its table.
 *
 * The websocket brings a snapshot, then every event with its seq. Delivery
 * is at-most-once, so we track lastSeq: on a gap, a reconnect or the phone
 * waking up we fetch the snapshot and the log after lastSeq over HTTP, and we
 * poll that endpoint while the socket cannot connect. Commands go over HTTP.
 *
 * The server sends a heartbeat with the table's current seq whenever the
 * socket has been quiet for an interval (an event carries its own seq): a
 * lost push shows as heartbeat.seq > lastSeq and we catch up at once
 * ("Catching up…"), and a socket that stays silent for three intervals is
 * treated as dead and replaced. A command whose answer was lost (network,
 * 5xx, 503) is retried with the same command_id, which the server applies
 * once.
 */
(function () {
  "use strict";

  var gettext = window.GrimPage.gettext, ngettext = window.GrimPage.ngettext;
  var interpolate = window.GrimPage.interpolate;

  function uuid() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var b = new Uint8Array(16);
    (window.crypto || {}).getRandomValues ? crypto.getRandomValues(b) : b.forEach(function (_, i) { b[i] = Math.random() * 256; });
    return Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join("");
  }

  /* How long to wait before try ``n`` (1, 2, ...): doubling up to 15 s, each wait drawn from its
   * upper half. Without the draw every phone at a busy server retried in the same moment (after a
   * restart, or a 503 to them all), and the same ones were refused again and again. */
  function backoff(n) {
    var cap = Math.min(15000, 500 * Math.pow(2, n));
    return cap / 2 + Math.random() * cap / 2;
  }

  /* A request the server did not do, as an Error carrying its error body and status. */
  function refusal(body, status) {
    var e = new Error(body.message || interpolate(gettext("Error %(status)s"), { status: status }, true));
    e.body = body;
    e.status = status;
    return e;
  }

  function TableSync(opts) {
    this.tableId = opts.tableId;
    this.token = opts.token;
    this.onState = opts.onState;       // (state, table) -> void
    this.onEvents = opts.onEvents;     // ([events]) -> void, oldest first
    this.onTable = opts.onTable;       // (tableJson) -> void (seats, name, status)
    this.onConn = opts.onConn;         // ("live"|"connecting"|"polling"|"offline"|"closed", text) -> void
    this.onClosed = opts.onClosed;     // (code) -> void, seat removed / bad token
    this.onPending = opts.onPending;   // ([commands waiting]) -> void (optional)
    this.onRefused = opts.onRefused;   // (command, error) -> void: a command queued before a reload, refused when sent
    this.lastSeq = opts.seq || 0;
    this.logSeq = 0;                   // newest event seq already handed to onEvents
    this.tableSeq = opts.seq || 0;     // the seq of the seats and rights onTable last gave
    this.tableOwed = 0;                // a seat or table event's seq the page has not read the table since
    this.tableReading = null;          // the read of the table on its way, and what was owed when it left
    this.ws = null;
    this.retry = 0;
    this.pollTimer = null;
    this.stopped = false;
    this.catchingUp = false;
    this.beatEvery = 10000;            // ms; the server's heartbeat says its own
    this.lastHeard = Date.now();
    this.lastFresh = opts.freshAt || Date.now();  // when the numbers on screen were current
    this.watchdog = null;
  }

  TableSync.prototype.api = function (path, init) {
    init = init || {};
    init.headers = Object.assign({ "Authorization": "Seat " + this.token, "Accept": "application/json" }, init.headers || {});
    return fetch("/api/v1/tables/" + this.tableId + path, init).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (body) {
        if (!r.ok) throw refusal(body, r.status);
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
    window.addEventListener("online", function () { self.sendRetry = 0; self.flush(); self.catchUp(); if (!self.ws) self.connect(); });
    this.loadOutbox();
    if (this.onPending) this.onPending(this.outbox.slice());
    this.flush();  // what waited from before a reload goes first
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
    // Seats, names and rights change with seat and table events, however they came (a push, a
    // snapshot's gap filled from the log, a catch-up): each newer one asks for the table again.
    var news = fresh.filter(function (e) { return e.seq > this.tableSeq && /^(seat|table)\./.test(e.type); }, this);
    if (news.length) this.tableOwed = Math.max(this.tableOwed, news[news.length - 1].seq);
    if (this.tableOwed) this.askTableAgain();
  };

  TableSync.prototype.connect = function () {
    if (this.stopped) return;
    var self = this;
    var proto = location.protocol === "https:" ? "wss://" : "ws://";
    var ws;
    // The page's language: the socket gets its board and log lines worded in it.
    var lang = encodeURIComponent(document.documentElement.lang || "");
    try {
      ws = new WebSocket(proto + location.host + "/ws/tables/" + this.tableId + "/?lang=" + lang);
    } catch { this.startPolling(); return; }
    this.ws = ws;
    this.onConn("connecting", gettext("Connecting…"));
    ws.onopen = function () { self.retry = 0; self.lastHeard = Date.now(); self.flush(); };
    ws.onmessage = function (m) { self.lastHeard = self.lastFresh = Date.now(); self.handle(JSON.parse(m.data)); };
    ws.onclose = function (ev) {
      self.ws = null;
      if (ev.code === 4401 || ev.code === 4403 || ev.code === 4404) {
        self.stopped = true; self.stopPolling(); self.onConn("closed", gettext("Disconnected")); self.onClosed(ev.code); return;
      }
      self.startPolling();
      setTimeout(function () { self.connect(); }, backoff(self.retry++));
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
    try { dead.close(); } catch { /* already closing */ }
    this.startPolling();
    this.connect();
  };

  TableSync.prototype.handle = function (msg) {
    var self = this;
    if (msg.type === "heartbeat") {
      if (msg.every_s > 0) this.beatEvery = msg.every_s * 1000;
      if (msg.seq > this.lastSeq) {
        this.onConn("connecting", gettext("Catching up…"));
        this.catchUp().then(function () { if (self.ws && !self.stopped) self.onConn("live", gettext("Live") + self.refusedNews()); });
      } else if (this.tableOwed) {
        this.askTableAgain();  // a read of the table that failed (a busy server's 503) is not left for the next change
      }
      return;
    }
    if (msg.type === "snapshot") { this.takeSnapshot(msg); return; }
    if (msg.type !== "event") return;
    if (msg.seq <= this.lastSeq && msg.seq <= this.logSeq) return;   // already have it
    if (msg.seq > this.logSeq + 1) { this.catchUp(); return; }        // a gap: fetch what we missed
    this.deliver([msg.event]);
    if (msg.state) { this.lastSeq = msg.seq; this.onState(msg.state, msg); }
  };

  /* The whole state, sent as the socket opens: taken unless ours is newer; the log catches up. */
  TableSync.prototype.takeSnapshot = function (msg) {
    this.stopPolling();
    this.onConn("live", gettext("Live") + this.refusedNews());
    if (msg.seq < this.lastSeq) return;
    var gap = msg.seq > this.logSeq;
    this.lastSeq = msg.seq;
    this.onState(msg.state, msg);
    if (gap) this.fillLog();
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

  /* The table read again for seat or table news; one that fails (no signal, a busy server's 503)
   * stays owed and is asked again at the next delivery or heartbeat, not left for the next change. */
  TableSync.prototype.askTableAgain = function () {
    if (this.catchingUp) return;  // a catch-up reads the table once its log is filled
    if (this.tableReading && this.tableReading.owed >= this.tableOwed) return;  // asked since that news
    this.refreshTable().catch(function () { /* still owed */ });
  };

  TableSync.prototype.refreshTable = function () {
    var self = this, reading = { owed: this.tableOwed };
    this.tableReading = reading;
    return this.api("/").then(function (t) {
      // Two answers can cross on the way: an older one never undoes a newer one.
      if (t.seq >= self.tableSeq) { self.tableSeq = t.seq; self.onTable(t); }
      if (t.seq >= self.tableOwed) self.tableOwed = 0;
      return t;
    }).finally(function () { if (self.tableReading === reading) self.tableReading = null; });
  };

  TableSync.prototype.catchUp = function () {
    if (this.catchingUp || this.stopped) return Promise.resolve();
    var self = this;
    this.catchingUp = true;
    return this.fillLog().then(function () { return self.refreshTable(); }).then(function (t) {
      self.lastFresh = Date.now();
      if (t.seq >= self.lastSeq) { self.lastSeq = t.seq; self.onState(t.state, t); }
    }).catch(function (e) {
      if (e.status === 401 || e.status === 403) { self.stopped = true; self.onClosed(4403); }
      else self.onConn("offline", gettext("Offline – retrying") + self.age());
    }).then(function () { self.catchingUp = false; });
  };

  TableSync.prototype.startPolling = function () {
    if (this.pollTimer || this.stopped) return;
    var self = this;
    this.onConn("polling", gettext("Reconnecting – checking every few seconds"));
    this.pollTimer = setInterval(function () { self.catchUp(); }, 3000);
    this.catchUp();
  };

  TableSync.prototype.stopPolling = function () {
    if (this.pollTimer) { clearInterval(this.pollTimer); this.pollTimer = null; }
  };

  /* Send a command; resolves with the answer {seq, events, state}.
   *
   * Every command goes through an outbox kept in this phone's storage: sent
   * in order, one at a time, each with its own command_id. A lost answer
   * (no connection, 5xx, 503 busy, 429 too fast) keeps the command waiting
   * and it is sent again, with the same command_id, when the phone is back
   * (the server applies a command id once). A tap while offline waits the
   * same way and the page says how many changes wait ("onPending"). A 4xx
   * refusal is final: the command leaves the outbox, the promise rejects and
   * "onRefused" tells the page, even for a command queued before a reload. */
  TableSync.prototype.outboxKey = function () { return "grim-outbox-" + this.tableId + "-" + this.token.slice(0, 12); };

  TableSync.prototype.loadOutbox = function () {
    if (this.outbox) return;
    try { this.outbox = JSON.parse(localStorage.getItem(this.outboxKey()) || "[]"); }
    catch { this.outbox = []; }
    this.waiters = {};
  };

  TableSync.prototype.saveOutbox = function () {
    try { localStorage.setItem(this.outboxKey(), JSON.stringify(this.outbox)); } catch { /* private mode: memory only */ }
    if (this.onPending) this.onPending(this.outbox.slice());
  };

  TableSync.prototype.send = function (type, payload) {
    var self = this;
    this.loadOutbox();
    var command = { command_id: uuid(), type: type, payload: payload || {}, queued_at: new Date().toISOString(),
      waited: !!this.retrying };
    if (!this.retrying) this.refusedAway = null;  // a new change: what became of the old ones is old news
    this.outbox.push(command);
    this.saveOutbox();
    var answered = new Promise(function (resolve, reject) { self.waiters[command.command_id] = { resolve: resolve, reject: reject }; });
    this.flush();
    return answered;
  };

  TableSync.prototype.flush = function () {
    this.loadOutbox();
    if (this.flushing || this.stopped || !this.outbox.length) return;
    var self = this;
    var command = this.outbox[0];
    var init = { method: "POST", body: JSON.stringify({ command_id: command.command_id, type: command.type, payload: command.payload }),
      headers: { "Content-Type": "application/json" } };
    this.flushing = true;
    this.api("/commands/", init).then(function (res) {
      self.flushing = false;
      self.sendRetry = 0;
      self.retrying = false;
      self.settle(command, null, res);
      self.flush();
    }, function (e) {
      self.flushing = false;
      var transient = !e.status || e.status >= 500 || e.status === 429;
      if (transient && !self.stopped) {
        // Everything in the outbox now waits for the phone to be back.
        self.retrying = true;
        self.outbox.forEach(function (c) { c.waited = true; });
        self.saveOutbox();
        // Wait and send the same command again (backoff up to 15 s; sooner when the phone is back).
        self.onConn("offline", self.waiting() + self.age());
        self.sendRetry = (self.sendRetry || 0) + 1;
        clearTimeout(self.flushTimer);
        self.flushTimer = setTimeout(function () { self.flush(); }, backoff(self.sendRetry));
        return;
      }
      // A final answer (a 4xx refusal) came from the server: the phone is back, nothing waits on it.
      self.sendRetry = 0;
      self.retrying = false;
      self.settle(command, e, null);
      self.flush();
    });
  };

  /* The status line after a command settled: what the connection is, and only what still waits. */
  TableSync.prototype.showStatus = function () {
    if (this.retrying && this.outbox.length) {
      this.onConn("offline", this.waiting() + this.age());
    } else if (this.ws && this.ws.readyState === 1) this.onConn("live", gettext("Live") + this.refusedNews());
    else if (this.pollTimer) this.onConn("polling", gettext("Reconnecting – checking every few seconds"));
    else this.onConn("connecting", gettext("Connecting…"));
  };

  /* " · 2 changes were refused when sent: <the last reason>": what became of changes that waited
   * offline and were refused on reconnection (issue #33, item 6), until the player's next change. */
  TableSync.prototype.refusedNews = function () {
    var r = this.refusedAway;
    if (!r) return "";
    return " · " + interpolate(ngettext("%(n)s change was refused when sent: %(reason)s",
      "%(n)s changes were refused when sent: %(reason)s", r.count), { n: r.count, reason: r.reason }, true);
  };

  /* "2 changes wait to be sent": the outbox while the phone is offline. */
  TableSync.prototype.waiting = function () {
    var n = this.outbox.length;
    return interpolate(ngettext("%(n)s change waits to be sent", "%(n)s changes wait to be sent", n), { n: n }, true);
  };

  TableSync.prototype.settle = function (command, error, res) {
    if (error && command.waited) {
      this.refusedAway = { count: ((this.refusedAway && this.refusedAway.count) || 0) + 1, reason: error.message };
    }
    this.outbox = this.outbox.filter(function (c) { return c.command_id !== command.command_id; });
    this.saveOutbox();
    var waiter = this.waiters[command.command_id];
    delete this.waiters[command.command_id];
    this.showStatus();
    if (error) {
      error.waited = !!command.waited;  // it sat in the outbox: the player may have moved on
      if (waiter) waiter.reject(error);
      else if (this.onRefused) this.onRefused(command, error);  // queued before a reload
      return;
    }
    if (res.events.length && res.events[0].seq === this.logSeq + 1) this.deliver(res.events);
    else if (res.seq > this.logSeq) this.fillLog();
    if (res.seq > this.lastSeq) { this.lastSeq = res.seq; this.onState(res.state, res); }
    if (waiter) waiter.resolve(res);
  };

  /* " · last update 21:04": how old the numbers on screen are, while not live. */
  TableSync.prototype.age = function () {
    var t = new Date(this.lastFresh || this.lastHeard);
    var time = t.toLocaleTimeString(document.documentElement.lang || [], { hour: "2-digit", minute: "2-digit" });
    return " · " + interpolate(gettext("last update %(time)s"), { time: time }, true);
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

  TableSync.backoff = backoff;
  window.TableSync = TableSync;
})();
