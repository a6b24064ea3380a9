/* The table page: seats with their counters, the activity log, host tools. */
(function () {
  "use strict";
  var root = document.getElementById("table-root");
  if (!root) return;
  var boot = JSON.parse(document.getElementById("table-boot").textContent);
  var me = { seatId: Number(root.dataset.seatId), role: root.dataset.role };
  var readOnly = me.role === "spectator" || !document.getElementById("my-seat");
  var table = boot;                 // latest table JSON (seats, policy, status)
  var state = boot.state;
  var events = [];                  // the log, oldest first
  var BURST_MS = 2000;

  function el(tag, attrs, children) {
    var n = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") n.textContent = attrs[k];
      else if (k.slice(0, 2) === "on") n.addEventListener(k.slice(2), attrs[k]);
      else n.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) n.appendChild(c); });
    return n;
  }
  function seatName(id) {
    var s = table.seats.find(function (x) { return x.id === id; });
    return s ? s.name : "A former seat";
  }
  function canEdit(seatId) {
    if (readOnly || table.status === "ended") return false;
    return seatId === me.seatId || me.role === "host" || table.edit_policy === "everyone";
  }
  function showError(msg) {
    var box = document.getElementById("command-error");
    if (!box) return;
    box.textContent = msg || ""; box.hidden = !msg;
  }

  var sync = new window.TableSync({
    tableId: boot.id, token: root.dataset.token, seq: boot.seq,
    onState: function (s) { state = s; render(); },
    onEvents: function (list) { events = events.concat(list); renderLog(); },
    onTable: function (t) { table = t; render(); },
    onConn: function (kind, text) {
      var c = document.getElementById("conn");
      c.dataset.state = kind; c.querySelector(".conn-text").textContent = text;
    },
    onClosed: function (code) {
      showError(code === 4403 ? "Your seat was removed from this table." : "Your seat is no longer valid. Join again.");
      readOnly = true; render();
    }
  });

  function send(type, payload) {
    showError("");
    return sync.send(type, payload).catch(function (e) { showError(e.message); throw e; });
  }

  /* --- seats and counters ------------------------------------------------ */
  function counterRow(c, big) {
    var editable = canEdit(c.seat_id);
    var row = el("div", { "class": "counter" + (big ? " big" : ""), "data-counter-id": c.id });
    var minus = el("button", { "class": "btn step", type: "button", "aria-label": "Decrease " + c.name, text: "−",
      onclick: function () { send("counter.adjust", { counter_id: c.id, by: -1 }).catch(function () {}); } });
    var plus = el("button", { "class": "btn step", type: "button", "aria-label": "Increase " + c.name, text: "+",
      onclick: function () { send("counter.adjust", { counter_id: c.id, by: 1 }).catch(function () {}); } });
    var label = el("span", { "class": "counter-name", text: c.name });
    var value = el("output", { "class": "counter-value", "aria-label": c.name, text: String(c.value) });
    if (editable) row.append(minus, el("div", { "class": "counter-mid" }, [label, value]), plus);
    else row.append(el("div", { "class": "counter-mid" }, [label, value]));
    if (editable && big) row.appendChild(counterMenu(c));
    return row;
  }
  function counterMenu(c) {
    var input = el("input", { type: "number", inputmode: "numeric", value: String(c.value), "aria-label": "New value for " + c.name });
    var name = el("input", { type: "text", maxlength: "40", value: c.name, "aria-label": "New name for " + c.name });
    return el("details", { "class": "counter-menu" }, [
      el("summary", { "class": "btn btn-small", "aria-label": "More for " + c.name, text: "⋯" }),
      el("div", { "class": "row" }, [input, el("button", { "class": "btn btn-small", type: "button", text: "Set",
        onclick: function () { send("counter.set", { counter_id: c.id, value: window.TableSync.whole(input.value) }).catch(function () {}); } })]),
      el("div", { "class": "row" }, [name, el("button", { "class": "btn btn-small", type: "button", text: "Rename",
        onclick: function () { send("counter.rename", { counter_id: c.id, name: name.value }).catch(function () {}); } })]),
      el("div", { "class": "row" }, [
        el("button", { "class": "btn btn-small", type: "button", text: "Reset to " + c.initial,
          onclick: function () { send("counter.reset", { counter_id: c.id }).catch(function () {}); } }),
        el("button", { "class": "btn btn-small btn-danger", type: "button", text: "Remove",
          onclick: function () { send("counter.remove", { counter_id: c.id }).catch(function () {}); } })
      ])
    ]);
  }
  function seatCard(seat, big) {
    var counters = (state.counters || []).filter(function (c) { return c.seat_id === seat.id; });
    var head = el("h2", { "class": "seat-name" }, [
      el("span", { "class": "swatch", style: "background:" + seat.colour, "aria-hidden": "true" }),
      document.createTextNode(seat.name + (seat.role === "host" ? " (host)" : ""))
    ]);
    var list = el("div", { "class": "counters" }, counters.map(function (c) { return counterRow(c, big); }));
    if (!counters.length) list.appendChild(el("p", { "class": "muted", text: big ? "No counters yet: add one below." : "No counters." }));
    return el("article", { "class": "seat-card", "data-seat-id": seat.id, "aria-label": seat.name }, [head, list]);
  }
  function render() {
    document.getElementById("table-name").textContent = table.name;
    var ended = table.status === "ended";
    document.getElementById("table-ended").hidden = !ended;
    var mine = document.getElementById("my-seat");
    var others = document.getElementById("other-seats");
    var seats = table.seats.filter(function (s) { return s.role !== "spectator"; });
    if (mine) {
      var self = seats.find(function (s) { return s.id === me.seatId; });
      mine.replaceChildren(self ? seatCard(self, true) : el("p", { "class": "muted", text: "Your seat is gone." }));
      var add = document.getElementById("add-counter");
      if (add) add.hidden = readOnly || ended;
    }
    others.replaceChildren.apply(others, seats.filter(function (s) { return !mine || s.id !== me.seatId; })
      .map(function (s) { return seatCard(s, !mine); }));
    renderHost();
    renderLog();
  }

  /* --- the activity log -------------------------------------------------- */
  function describe(e) {
    var p = e.payload || {};
    var who = e.seat ? seatName(e.seat) : "The table";
    var owner = p.seat_id && p.seat_id !== e.seat ? " (" + seatName(p.seat_id) + ")" : "";
    switch (e.type) {
      case "seat.joined": return p.name + " joined" + (p.role === "spectator" ? " to watch" : "");
      case "seat.renamed": return p.before + " is now " + p.name;
      case "seat.removed": return who + " removed " + p.name;
      case "seat.reordered": return who + " changed the seating order";
      case "table.code_rotated": return who + " made a new join code";
      case "table.policy_changed": return who + (p.edit_policy === "everyone" ? " let everyone edit every seat" : " set each seat to edit only itself");
      case "table.renamed": return who + " renamed the table to " + p.name;
      case "table.ended": return who + " ended the table";
      case "counter.added": return who + " added " + p.counter.name + " (" + p.counter.value + ")";
      case "counter.adjusted": return who + ": " + (p.by > 0 ? "+" : "−") + Math.abs(p.by) + " " + p.name + owner + " → " + p.after;
      case "counter.set": return who + " set " + p.name + owner + " to " + p.value;
      case "counter.reset": return who + " reset " + p.name + owner + " to " + p.value;
      case "counter.renamed": return who + " renamed " + p.before + " to " + p.name;
      case "counter.removed": return who + " removed " + p.counter.name;
      case "undo": return who + " undid #" + p.seq;
      case "redo": return who + " redid #" + p.redone_seq;
      default: return who + ": " + e.type.replace(/[._]/g, " ");
    }
  }
  function groupLog(list) {
    var lines = [];
    list.forEach(function (e) {
      var last = lines[lines.length - 1];
      var p = e.payload || {};
      var tap = e.type === "counter.adjusted" && Math.abs(p.by) === 1;
      if (tap && last && last.tap && last.seat === e.seat && last.counter === p.counter_id &&
          Date.parse(e.created_at) - last.lastAt <= BURST_MS) {
        last.events.push(e); last.sum += p.by; last.lastAt = Date.parse(e.created_at); last.after = p.after;
        return;
      }
      lines.push({ events: [e], tap: tap, seat: e.seat, counter: p.counter_id, sum: tap ? p.by : 0,
        lastAt: Date.parse(e.created_at), after: p.after, name: p.name, owner: p.seat_id });
    });
    return lines;
  }
  function lineText(line) {
    if (line.events.length === 1) return describe(line.events[0]);
    var who = seatName(line.seat);
    var owner = line.owner && line.owner !== line.seat ? " (" + seatName(line.owner) + ")" : "";
    return who + ": " + (line.sum >= 0 ? "+" : "−") + Math.abs(line.sum) + " " + line.name + owner + " → " + line.after;
  }
  var UNDOABLE = /^(counter\.|character\.|redo$)/;
  function renderLog() {
    var log = document.getElementById("log");
    if (!log) return;
    var undone = state.undone || [];
    var lines = groupLog(events).slice(-100).reverse();
    log.replaceChildren.apply(log, lines.map(function (line) {
      var first = line.events[0], lastE = line.events[line.events.length - 1];
      var mineOrHost = first.seat === me.seatId || me.role === "host";
      var isUndone = line.events.every(function (e) { return undone.indexOf(e.seq) >= 0; });
      var time = new Date(lastE.created_at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
      var li = el("li", { "class": "log-line" + (isUndone ? " undone" : ""), "data-seq": lastE.seq }, [
        el("span", { "class": "log-text", text: lineText(line) }),
        el("time", { "class": "muted small", datetime: lastE.created_at, text: time })
      ]);
      if (!readOnly && mineOrHost && table.status !== "ended") {
        if (UNDOABLE.test(first.type) && !isUndone) {
          li.appendChild(el("button", { "class": "btn btn-small", type: "button", "aria-label": "Undo: " + lineText(line), text: "Undo",
            onclick: function () { undoAll(line.events.slice().reverse()); } }));
        } else if (first.type === "undo" && undone.indexOf(first.payload.seq) >= 0) {
          li.appendChild(el("button", { "class": "btn btn-small", type: "button", text: "Redo",
            onclick: function () { send("redo", { seq: first.seq }).catch(function () {}); } }));
        }
      }
      if (isUndone) li.appendChild(el("span", { "class": "tag", text: "undone" }));
      return li;
    }));
  }
  function undoAll(list) {
    return list.reduce(function (p, e) {
      return p.then(function () { return send("undo", { seq: e.seq }); });
    }, Promise.resolve()).catch(function () {});
  }

  /* --- host tools (static/js/host.js) ------------------------------------ */
  var host = window.GrimHost({ send: send, showError: showError });
  function renderHost() { host.render(table); }
  function wireAdd() {
    var form = document.getElementById("add-counter-form");
    if (!form) return;
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var f = new FormData(form);
      var num = function (k) { var v = String(f.get(k) || "").trim(); return window.TableSync.whole(v); };
      var boxes = ["name", "value", "min", "max"].map(function (k) { return document.getElementById("c-" + k + "-error"); });
      boxes.forEach(function (b) { b.hidden = true; });
      var value = num("value");
      send("counter.add", { name: String(f.get("name") || ""), value: value === null ? 0 : value, min: num("min"), max: num("max") })
        .then(function () { form.reset(); form.closest("details").open = false; })
        .catch(function (e) {
          // The refusal names its field; the message goes next to that control.
          var field = e.body && e.body.extra && e.body.extra.field;
          var box = document.getElementById("c-" + (["value", "min", "max"].indexOf(field) >= 0 ? field : "name") + "-error");
          showError(""); box.textContent = e.message; box.hidden = false;
        });
    });
  }

  render();
  wireAdd();
  sync.start();
  window.grimTable = { sync: sync, send: send };
})();
