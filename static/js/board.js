/* The page shell of a game with a server-rendered board.
 *
 * The server renders the board from the snapshot (the game's template) and
 * sends it with each command's last event; this script only swaps it in,
 * puts this phone's seat first, hides the controls this seat may not use
 * (the server checks every command anyway), posts the board's commands and
 * shows each refusal next to the control it is about. No game rule lives
 * here: a new game needs no JavaScript of its own.
 *
 * Board conventions (a game's board template):
 * - <form data-command="type"> posts its fields as the payload: an input's
 *   name is the payload key; data-type="int" reads a whole number strictly,
 *   "bool" a checkbox (or a hidden field's "true"), "ints" a list of whole
 *   numbers ("3, 4"), "words" a list of names ("Owl, Owl, Owl"), "list" the
 *   ticked checkboxes (or chosen options, an empty one adding nothing) sharing a name (data-item="int":
 *   each read as a whole number), "null" a select
 *   whose empty choice means null; data-optional leaves an empty field
 *   out; a name "rolls.12" sets the key "12" of the object "rolls"; data-type="merge" on a select
 *   whose option values are JSON objects merges the chosen one into the payload (one pick, two
 *   keys: '{"rank": 4, "affinity": "Bone"}'); an <input type="file" data-type="json"> sends the
 *   chosen file's JSON. A form's submit button may carry data-submit-command (its own command
 *   type for the same fields: "Equip" / "Into pack") and data-negate="key" (that whole number
 *   sent negated: "Add" / "Subtract"). <button data-command="type" data-payload='{...}'> posts a fixed
 *   payload; data-confirm asks first.
 * - A refusal naming a field shows in the form's [data-error-for="field"],
 *   else in its [data-error-for=""], else at the top of the page.
 * - [data-when="name=value"] wraps the part of a form for one choice of its field "name" (only
 *   that part shows and sends: e.g. the targets of the attacker picked).
 * - [data-slots] holds an ordered list of [data-slot] items (one control each, all rendered by the
 *   server so the form works as it is): the chosen ones show, [data-slot-add] shows the next and
 *   [data-slot-remove] moves the later choices up (e.g. threats in reveal order, one twice).
 * - [data-seat-id] marks a seat's panel (this phone's comes first, marked
 *   .mine); [data-edit-seat="id"] controls show only to a seat that may
 *   change that seat; [data-host-only] only to the host; every control hides
 *   once the table has ended. Give <details> and typed-in inputs an id: they
 *   stay open and keep what was typed when the board is re-rendered.
 */
(function () {
  "use strict";

  /* Words in the page's language from Django's JavaScriptCatalog (/jsi18n/, loaded first by
   * base.html); the English when it could not load (offline before it was ever kept). */
  var gettext = window.gettext || function (s) { return s; };
  var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };
  var interpolate = window.interpolate || function (fmt, values) {
    return fmt.replace(/%\((\w+)\)s/g, function (_all, name) { return String(values[name]); });
  };
  var root = document.getElementById("table-root");
  var boardBox = document.getElementById("board");
  if (!root || !boardBox) return;
  var boot = JSON.parse(document.getElementById("table-boot").textContent);
  var me = { seatId: Number(root.dataset.seatId), role: root.dataset.role };
  var table = boot;
  var state = boot.state;
  var boardSeq = Number(boardBox.dataset.seq) || 0;
  var events = [];
  var closed = false;
  var fetching = null;
  var pendingTimer = null;

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
  /* The newest table seq this phone knows: a refusal shown now is about that board. */
  function knownSeq() { return Math.max(boardSeq, (typeof sync !== "undefined" && sync.lastSeq) || 0); }
  function showError(msg) {
    var box = document.getElementById("command-error");
    box.textContent = msg || ""; box.hidden = !msg;
    box.dataset.aboutSeq = String(knownSeq());
  }
  var screenView = boardBox.classList.contains("screen");
  function readOnly() { return closed || screenView || me.role === "spectator" || table.status === "ended"; }
  /* The server says which seats this one may change (table.you_may_edit) and who may undo each
   * event (event.undo_by): the page offers what the server would accept, no rule of its own. */
  function canEdit(seatId) {
    return !readOnly() && (table.you_may_edit || []).indexOf(seatId) >= 0;
  }
  function mayUndo(e) { return !readOnly() && (e.undo_by || []).indexOf(me.seatId) >= 0; }
  function seatName(id) {
    var s = table.seats.find(function (x) { return x.id === id; });
    return s ? s.name : gettext("A former seat");
  }

  /* --- the board ---------------------------------------------------------- */
  function personalize() {
    var slot = boardBox.querySelector("[data-my-seat]");
    var mine = boardBox.querySelectorAll('[data-seat-id="' + me.seatId + '"]');
    Array.prototype.forEach.call(mine, function (panel) {
      panel.classList.add("mine");
      if (slot && !slot.contains(panel)) slot.appendChild(panel);
      else if (!slot && panel.parentNode && panel.dataset.keepOrder === undefined) panel.parentNode.prepend(panel);
      Array.prototype.forEach.call(panel.querySelectorAll("[data-when-mine]"), function (n) { n.textContent = n.dataset.whenMine; });
    });
    Array.prototype.forEach.call(boardBox.querySelectorAll("[data-edit-seat]"), function (c) {
      c.hidden = !canEdit(Number(c.dataset.editSeat));
    });
    Array.prototype.forEach.call(boardBox.querySelectorAll("[data-host-only]"), function (c) {
      c.hidden = readOnly() || me.role !== "host";
    });
    Array.prototype.forEach.call(boardBox.querySelectorAll("[data-player-only]"), function (c) {
      c.hidden = readOnly();
    });
  }

  /* The value a select shows untouched: its marked option, else its first. */
  function selectDefault(select) {
    var marked = Array.prototype.find.call(select.options, function (o) { return o.defaultSelected; });
    return marked ? marked.value : (select.options.length ? select.options[0].value : "");
  }

  /* Keep what this phone was doing across a re-render: open panels, typed
   * values and focus. A refusal belongs to one attempt (issue #33): it stays
   * only if it is about this board or a newer one (its answer came before the
   * board was fetched), never across a newer board. */
  function remember(seq) {
    var kept = { open: {}, openSpots: [], values: {}, errors: [], focus: spot(document.activeElement) };
    Array.prototype.forEach.call(boardBox.querySelectorAll("[data-error-for]"), function (b) {
      var owner = b.closest("[id]");
      var about = Number(b.dataset.aboutSeq) || 0;
      if (!b.hidden && b.textContent && owner && about >= seq) {
        kept.errors.push({ owner: owner.id, field: b.dataset.errorFor, text: b.textContent, about: about });
      }
    });
    var top = document.getElementById("command-error");
    if (top && !top.hidden && (Number(top.dataset.aboutSeq) || 0) < seq) { top.textContent = ""; top.hidden = true; }
    Array.prototype.forEach.call(boardBox.querySelectorAll("details"), function (d) {
      if (d.id) kept.open[d.id] = d.open;
      else if (d.open) kept.openSpots.push(spot(d));
    });
    Array.prototype.forEach.call(boardBox.querySelectorAll("input[id], select[id], textarea[id]"), function (i) {
      var changed = i.type === "checkbox" ? i.checked !== i.defaultChecked
        : i.tagName === "SELECT" ? i.value !== selectDefault(i)
        : i.value !== i.defaultValue;
      if (changed) kept.values[i.id] = i.type === "checkbox" ? i.checked : i.value;
    });
    return kept;
  }
  function restore(kept) {
    Object.keys(kept.open).forEach(function (id) { var d = document.getElementById(id); if (d) d.open = kept.open[id]; });
    Object.keys(kept.values).forEach(function (id) {
      var i = document.getElementById(id);
      if (!i) return;
      if (i.type === "checkbox") i.checked = kept.values[id]; else i.value = kept.values[id];
    });
    kept.errors.forEach(function (e) {
      var owner = document.getElementById(e.owner);
      if (!owner) return;
      var box = owner.matches("[data-error-for]") ? owner
        : owner.querySelector('[data-error-for="' + CSS.escape(e.field) + '"]');
      if (box) { box.textContent = e.text; box.hidden = false; box.dataset.aboutSeq = String(e.about); }
    });
    kept.openSpots.forEach(function (where) {
      var d = found(where);
      if (d && d.tagName === "DETAILS") d.open = true;
    });
  }

  var place = window.GrimSpot(boardBox);
  var spot = place.spot, found = place.found, refocus = place.refocus;
  function swap(html, seq) {
    // Only a newer board: the same board twice (the answer's fetch, then the
    // push) would re-render under a thumb about to tap.
    if (seq <= boardSeq && boardBox.childElementCount) return;
    boardSeq = seq;
    boardBox.dataset.seq = String(seq);
    var kept = remember(seq);
    boardBox.innerHTML = html;
    restore(kept);
    showChosen(boardBox);
    tidyAllSlots();
    personalize();
    refocus(kept.focus);
  }
  function fetchBoard(seq) {
    if (fetching) return fetching;
    fetching = fetch("/t/" + boot.id + "/board/", { credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (r) {
        if (!r.ok) throw new Error("board " + r.status);
        var at = Number(r.headers.get("X-Table-Seq")) || seq;
        return r.text().then(function (html) { swap(html, at); });
      })
      .catch(function () { /* the next event or catch-up brings it */ })
      .then(function () { fetching = null; });
    return fetching;
  }
  function onState(s, msg) {
    state = s;
    var seq = (msg && msg.seq) || 0;
    if (msg && typeof msg.board === "string") swap(msg.board, seq);
    else if (seq > boardSeq) fetchBoard(seq);
    renderLog();
  }

  /* --- commands from the board ------------------------------------------- */
  function inputValue(input) {
    var type = input.dataset.type || "";
    if (type === "bool") {
      // A checkbox says it by being ticked; a hidden field by its value.
      return input.type === "checkbox" ? input.checked : ["true", "on", "1"].indexOf(input.value) >= 0;
    }
    var raw = input.value;
    if (type === "words") {
      return String(raw).split(",").map(function (x) { return x.trim(); }).filter(function (x) { return x !== ""; });
    }
    if (type === "int") return window.TableSync.whole(raw);
    if (type === "ints") {
      return String(raw).split(/[\s,]+/).filter(function (x) { return x !== ""; })
        .map(function (x) { return window.TableSync.whole(x); });
    }
    if (type === "null" && raw === "") return null;
    return raw;
  }
  function payloadOf(form) {
    var payload = {};
    Array.prototype.forEach.call(form.elements, function (input) {
      if (!input.name || input.disabled || input.type === "file") return;
      if (input.dataset.type === "merge") {
        if (input.value !== "") Object.assign(payload, JSON.parse(input.value));
        return;
      }
      if (input.dataset.type === "list") {
        // Ticked boxes (or chosen options) with one name make one list.
        // data-item="int": ids by number.
        payload[input.name] = (payload[input.name] || []).concat(
          input.dataset.item === "int" ? chosen(input).map(window.TableSync.whole) : chosen(input));
        return;
      }
      if ((input.type === "radio") && !input.checked) return;
      var empty = input.type !== "checkbox" && String(input.value).trim() === "";
      if (empty && input.dataset.optional !== undefined) return;
      var dot = input.name.indexOf(".");
      var outer = dot > 0 ? input.name.slice(0, dot) : "";
      if (outer) {
        // "rolls.12" is the key "12" of the object "rolls" (one value per seat).
        payload[outer] = payload[outer] || {};
        payload[outer][input.name.slice(dot + 1)] = inputValue(input);
        return;
      }
      payload[input.name] = inputValue(input);
    });
    return payload;
  }
  function chosen(input) {
    // A select left on its empty choice ("Choose a card") adds nothing.
    if (input.tagName === "SELECT") {
      return Array.prototype.filter.call(input.selectedOptions, function (o) { return o.value !== ""; })
        .map(function (o) { return o.value; });
    }
    return input.checked ? [input.value] : [];
  }
  function clearErrors(scope) {
    Array.prototype.forEach.call(scope.querySelectorAll("[data-error-for]"), function (b) { b.hidden = true; b.textContent = ""; });
    Array.prototype.forEach.call(scope.querySelectorAll("[aria-invalid]"), function (i) { i.removeAttribute("aria-invalid"); });
  }
  /* A refusal's words; one that waited offline says it was not applied. */
  function refusal(e) { return e.waited ? notApplied(e) : e.message; }
  function notApplied(e) { return interpolate(gettext("Not applied: %(reason)s"), { reason: e.message }, true); }
  /* What a scope (a form or a [data-error-scope]) is, in words that survive a
   * re-render: its commands, their payloads and its fields' names. The board
   * is re-rendered whenever an event arrives, so by the time a refusal comes
   * back the scope tapped may have been replaced by an identical one. */
  function scopeKey(scope) {
    var parts = [scope.tagName, scope.getAttribute("data-command") || ""];
    Array.prototype.forEach.call(scope.querySelectorAll("[data-command], [name]"), function (c) {
      parts.push(c.getAttribute("data-command") || "", c.getAttribute("data-payload") || "", c.getAttribute("name") || "",
        c.type === "hidden" ? c.value : "");
    });
    return parts.join("\u0001");
  }
  function scopesLike(key) {
    return Array.prototype.filter.call(document.querySelectorAll("form, [data-error-scope]"),
      function (s) { return scopeKey(s) === key; });
  }
  /* Where a scope is, noted when its command is sent: its key and which of the scopes alike it is. */
  function locate(scope) {
    if (!scope || !document.body.contains(scope)) return null;
    var key = scopeKey(scope);
    return { key: key, nth: scopesLike(key).indexOf(scope) };
  }
  /* The scope on screen now: the one itself, or the one that replaced it (by id, else by its key). */
  function onScreen(scope, where) {
    if (!scope || document.body.contains(scope)) return scope;
    var byId = scope.id && document.getElementById(scope.id);
    if (byId) return byId;
    var alike = where ? scopesLike(where.key) : [];
    return alike[where && where.nth >= 0 && where.nth < alike.length ? where.nth : 0] || scope;
  }
  function placeError(scope, e, where) {
    var field = e.body && e.body.extra && e.body.extra.field;
    // Re-rendered meanwhile (a late event for this phone's previous tap): the reason still goes
    // beside the control tapped, in the scope that replaced the one it was tapped in.
    scope = onScreen(scope, where);
    var box = field && scope.querySelector('[data-error-for="' + field + '"]');
    if (!box) box = scope.querySelector('[data-error-for=""]');
    if (box && !document.body.contains(box) && box.id) box = document.getElementById(box.id) || box;
    if (!box || !document.body.contains(box)) { showError(refusal(e)); return; }
    showError("");
    box.textContent = refusal(e); box.hidden = false;
    box.dataset.aboutSeq = String(knownSeq());
    var input = field && scope.querySelector('[name="' + field + '"]');
    if (input) input.setAttribute("aria-invalid", "true");
    box.scrollIntoView({ block: "nearest" });
  }
  function send(type, payload) {
    showError("");
    return sync.send(type, payload).catch(function (e) { showError(e.message); throw e; });
  }
  function post(type, payload, scope, after) {
    showError("");
    if (scope) clearErrors(scope);
    var where = locate(scope);
    return sync.send(type, payload).then(after || function () {}).catch(function (e) {
      if (scope) placeError(scope, e, where); else showError(refusal(e));
    });
  }
  /* A form with data-preview shows what its command would do (the server's
   * words, e.g. an attack's damage with its breakdown) and asks to confirm;
   * changing a field asks for a fresh preview. */
  function previewBox(form) {
    var box = form.querySelector("[data-preview-box]");
    if (!box) { box = el("p", { "class": "preview", "data-preview-box": "", role: "status" }); form.appendChild(box); }
    return box;
  }
  function unconfirm(form) {
    if (!form.dataset.previewed) return;
    delete form.dataset.previewed;
    previewBox(form).hidden = true;
    var submit = form.querySelector("[type=submit]");
    if (submit && submit.dataset.label) submit.textContent = submit.dataset.label;
  }
  function preview(form, payload) {
    clearErrors(form);
    showError("");
    var body = JSON.stringify({ type: form.dataset.command, payload: payload });
    var where = locate(form);
    return sync.api("/commands/preview/", { method: "POST", body: body, headers: { "Content-Type": "application/json" } })
      .then(function (res) {
        var box = previewBox(form);
        box.textContent = res.events.map(function (e) { return e.text || e.type; }).join(" ");
        box.hidden = false;
        form.dataset.previewed = JSON.stringify(payload);
        var submit = form.querySelector("[type=submit]");
        if (submit) { submit.dataset.label = submit.dataset.label || submit.textContent; submit.textContent = gettext("Confirm"); }
      })
      .catch(function (e) { placeError(form, e, where); });
  }
  /* After a command went through: empty the form and fold its panel. The
   * board may have been re-rendered while the command was on its way (the
   * websocket is often faster than the answer), so the form on screen is
   * found again by its fields' ids. */
  function sent(form, what) {
    unconfirm(form);
    var first = form.querySelector("[id]");
    var shown = document.body.contains(form) ? form
      : (first && document.getElementById(first.id) && document.getElementById(first.id).closest("form")) || form;
    // Picked or typed again while the command was on its way (the next card already chosen): keep it.
    if (what !== undefined && JSON.stringify(payloadOf(shown)) !== what) return;
    form.reset();
    Array.prototype.forEach.call(form.querySelectorAll("[id]"), function (old) {
      var now = document.getElementById(old.id);
      if (!now || now === old) return;
      if (now.type === "checkbox") now.checked = now.defaultChecked;
      else if (now.tagName === "SELECT") now.value = selectDefault(now);
      else if ("value" in now) now.value = now.defaultValue;
    });
    showChosen(document.body.contains(form) ? form : shown);
    var d = form.closest("details[data-close-on-send]");
    var current = d && d.id && document.getElementById(d.id);
    [d, current].forEach(function (panel) {
      if (!panel) return;
      var inside = panel.contains(document.activeElement) || document.activeElement === document.body;
      panel.open = false;
      // Folded with the focus in it: the focus goes to its summary, not to the page body.
      var summary = inside && document.body.contains(panel) && panel.querySelector("summary");
      if (summary) summary.focus({ preventScroll: true });
    });
  }
  /* [data-when="name=value"]: a part of a form that belongs to one choice of another field (the
   * server renders one per choice, e.g. each attacker's own targets); only the chosen one shows,
   * and the others' controls are disabled so they send nothing. */
  function showChosen(scope) {
    Array.prototype.forEach.call(scope.querySelectorAll("[data-when]"), function (part) {
      var form = part.closest("form");
      var rule = part.dataset.when.split("=");
      var field = form && form.elements.namedItem(rule[0]);
      if (!field || !("value" in field)) return;
      var on = String(field.value) === rule[1];
      part.hidden = !on;
      Array.prototype.forEach.call(part.querySelectorAll("input, select, textarea"), function (c) { c.disabled = !on; });
    });
  }
  /* An ordered list of slots ([data-slots] > [data-slot], each one control): the server renders
   * every slot; here the chosen ones (or one empty) show, "Add" shows the next, "Remove" moves the
   * later choices up so the order holds. */
  function slotControl(slot) { return slot.querySelector("select, input"); }
  function tidySlots(list, extra) {
    var slots = Array.prototype.slice.call(list.querySelectorAll("[data-slot]"));
    var shown = slots.filter(function (s) { return !s.hidden; }).length;
    var chosen = 0;
    slots.forEach(function (s, n) { if (slotControl(s).value !== "") chosen = n + 1; });
    var count = Math.min(slots.length, extra ? Math.max(chosen, shown) + extra : Math.max(chosen, 1));
    slots.forEach(function (s, n) { s.hidden = n >= count; });
    var add = list.querySelector("[data-slot-add]");
    if (add) add.hidden = count >= slots.length;
    return slots[count - 1];
  }
  function tidyAllSlots() {
    Array.prototype.forEach.call(boardBox.querySelectorAll("[data-slots]"), function (l) { tidySlots(l, 0); });
  }
  function removeSlot(slot) {
    var list = slot.closest("[data-slots]");
    var slots = Array.prototype.slice.call(list.querySelectorAll("[data-slot]"));
    var from = slots.indexOf(slot);
    slots.forEach(function (s, n) {
      if (n >= from) slotControl(s).value = n + 1 < slots.length ? slotControl(slots[n + 1]).value : "";
    });
    slotControl(tidySlots(list, 0)).focus();
  }
  /* A refusal about a field goes once the field is changed: it was about what was there. */
  function fieldChanged(input) {
    var scope = input.closest && input.closest("form, [data-error-scope]");
    if (!scope || !input.name) return;
    Array.prototype.forEach.call(scope.querySelectorAll('[data-error-for="' + CSS.escape(input.name) + '"]'), function (b) {
      b.hidden = true; b.textContent = "";
    });
    input.removeAttribute("aria-invalid");
  }
  boardBox.addEventListener("input", function (ev) {
    fieldChanged(ev.target);
    var form = ev.target.closest && ev.target.closest("form[data-preview]");
    if (form) unconfirm(form);
  });
  boardBox.addEventListener("change", function (ev) {
    fieldChanged(ev.target);
    var owner = ev.target.closest && ev.target.closest("form");
    if (owner) showChosen(owner);
    var form = ev.target.closest && ev.target.closest("form[data-preview]");
    if (form) unconfirm(form);
  });
  /* A chosen file's JSON into the payload (a refusal names the field when it is not JSON). */
  function withFiles(form, payload) {
    var files = Array.prototype.filter.call(form.elements, function (i) {
      return i.type === "file" && i.name && i.dataset.type === "json" && i.files.length;
    });
    return Promise.all(files.map(function (input) {
      return input.files[0].text().then(function (text) {
        try { payload[input.name] = JSON.parse(text); } catch {
          throw { message: gettext("That file is not JSON."), body: { extra: { field: input.name } } };
        }
      });
    })).then(function () { return payload; });
  }
  boardBox.addEventListener("submit", function (ev) {
    var form = ev.target.closest("form[data-command]");
    if (!form) return;
    ev.preventDefault();
    var by = ev.submitter || null;
    var type = (by && by.dataset.submitCommand) || form.dataset.command;
    var payload = payloadOf(form);
    var what = JSON.stringify(payload);
    var negate = by && by.dataset.negate;
    if (negate && typeof payload[negate] === "number") payload[negate] = -payload[negate];
    if (form.dataset.preview !== undefined && form.dataset.previewed !== JSON.stringify(payload)) {
      preview(form, payload);
      return;
    }
    if (form.dataset.confirm && !confirm(form.dataset.confirm)) return;
    withFiles(form, payload).then(function () {
      post(type, payload, form, function () { sent(form, what); });
    }, function (e) { clearErrors(form); placeError(form, e); });
  });
  boardBox.addEventListener("click", function (ev) {
    var add = ev.target.closest("[data-slot-add]");
    if (add) slotControl(tidySlots(add.closest("[data-slots]"), 1)).focus();
    var remove = ev.target.closest("[data-slot-remove]");
    if (remove) removeSlot(remove.closest("[data-slot]"));
    var button = ev.target.closest("button[data-command]");
    if (!button) return;
    ev.preventDefault();
    if (button.dataset.confirm && !confirm(button.dataset.confirm)) return;
    var payload = button.dataset.payload ? JSON.parse(button.dataset.payload) : {};
    post(button.dataset.command, payload, button.closest("form, [data-error-scope]"));
  });

  /* --- the log: the server's words, who and when, undo and redo ------------ */
  var BURST_MS = 2000;
  /* Quick taps of one seat on one thing (the event's burst key, given by the
   * game's rules) read as one line, "+3 Life → 23", and undo as one step. */
  function groupLog(list) {
    var lines = [];
    list.forEach(function (e) {
      var last = lines[lines.length - 1];
      var b = e.burst;
      var at = Date.parse(e.created_at);
      if (b && last && last.burst && last.burst.key === b.key && last.seat === e.seat && at - last.at <= BURST_MS) {
        last.events.push(e); last.sum += b.by; last.at = at; last.after = b.after;
        return;
      }
      lines.push({ events: [e], seat: e.seat, burst: b || null, sum: b ? b.by : 0, at: at,
        before: b ? b.before : null, after: b ? b.after : null });
    });
    return lines;
  }
  function lineText(line) {
    if (line.events.length === 1) return line.events[0].text || line.events[0].type;
    var from = line.before === undefined || line.before === null ? "" : line.before + " ";
    return (line.sum >= 0 ? "+" : "\u2212") + Math.abs(line.sum) + " " + line.burst.label + " " + from + "\u2192 " + line.after;
  }
  /* Undo or redo from a log line; a refusal shows in that line, beside the button that sent it,
   * until a newer board replaces the one it was about (as every refusal). */
  var lineErrors = {};
  function fromLine(seq, steps) {
    showError("");
    delete lineErrors[seq];
    renderLog();
    return steps.reduce(function (p, step) {
      return p.then(function () { return sync.send(step[0], { seq: step[1] }); });
    }, Promise.resolve()).catch(function (e) {
      lineErrors[seq] = { text: refusal(e), about: knownSeq() };
      renderLog();
    });
  }
  function renderLog() {
    var log = document.getElementById("log");
    var undone = state.undone || [];
    var lines = groupLog(events).slice(-150).reverse();
    log.replaceChildren.apply(log, lines.map(function (line) {
      var e = line.events[line.events.length - 1];
      var first = line.events[0];
      var isUndone = line.events.every(function (x) { return undone.indexOf(x.seq) >= 0; });
      var time = new Date(e.created_at).toLocaleTimeString(document.documentElement.lang || [], { hour: "2-digit", minute: "2-digit" });
      var who = e.seat ? seatName(e.seat) : gettext("The table");
      var text = lineText(line);
      var li = el("li", { "class": "log-line" + (isUndone ? " undone" : ""), "data-seq": e.seq }, [
        el("span", { "class": "log-text" }, [el("strong", { text: who }), document.createTextNode(": " + text)]),
        el("time", { "class": "muted small", datetime: e.created_at, text: time })
      ]);
      if (line.events.every(mayUndo)) {
        if (first.type !== "undo" && !isUndone) {
          li.appendChild(el("button", { "class": "btn btn-small", type: "button", "aria-label": interpolate(gettext("Undo: %(line)s"), { line: text }, true), text: gettext("Undo"),
            onclick: function () { fromLine(e.seq, line.events.slice().reverse().map(function (x) { return ["undo", x.seq]; })); } }));
        } else if (first.type === "undo" && line.events.length === 1 && undone.indexOf(first.payload.seq) >= 0) {
          li.appendChild(el("button", { "class": "btn btn-small", type: "button", "aria-label": interpolate(gettext("Redo: %(line)s"), { line: text }, true), text: gettext("Redo"),
            onclick: function () { fromLine(e.seq, [["redo", first.seq]]); } }));
        }
      }
      if (isUndone) li.appendChild(el("span", { "class": "tag", text: gettext("undone") }));
      var refused = lineErrors[e.seq];
      if (refused && refused.about >= boardSeq) li.appendChild(el("p", { "class": "error", role: "alert", text: refused.text }));
      return li;
    }));
  }

  /* A screen reader hears each new event's line once; the lines the page was rendered with stay silent. */
  function announce(list) {
    if (!list.some(function (e) { return e.seq > boot.seq; })) return;
    var line = groupLog(events).pop();
    var e = line.events[line.events.length - 1];
    document.getElementById("announce").textContent = (e.seat ? seatName(e.seat) : gettext("The table")) + ": " + lineText(line);
  }

  /* The log's events again from the server (the same seqs, each with who may undo it now). */
  function reloadLog() {
    if (!events.length) return;
    var from = events[0].seq - 1;
    var fresh = [];
    function page(after) {
      return sync.api("/events/?after=" + after).then(function (p) {
        fresh = fresh.concat(p.results);
        if (p.has_more) return page(p.next_after);
      });
    }
    page(from).then(function () {
      var bySeq = {};
      fresh.forEach(function (e) { bySeq[e.seq] = e; });
      events = events.map(function (e) { return bySeq[e.seq] || e; });
      renderLog();
    }).catch(function () { /* the next change brings fresh rights */ });
  }

  var sync = new window.TableSync({
    tableId: boot.id, token: root.dataset.token, seq: boot.seq,
    freshAt: Date.parse(root.dataset.renderedAt || "") || Date.now(),
    onState: onState,
    onEvents: function (list) { events = events.concat(list); renderLog(); announce(list); },
    onTable: function (t) {
      // Who may undo what follows the edit policy and the seats' roles: ask the server again.
      var rightsChanged = t.edit_policy !== table.edit_policy || JSON.stringify(t.you_may_edit) !== JSON.stringify(table.you_may_edit);
      table = t;
      if (rightsChanged) reloadLog();
      document.getElementById("table-name").textContent = t.name;
      document.getElementById("table-ended").hidden = t.status !== "ended";
      var invite = document.getElementById("join-with-code");  // the shared screen's
      if (invite) invite.hidden = t.status === "ended";
      var manage = document.getElementById("host-panel");  // an ended table has nothing to manage
      if (manage) manage.hidden = t.status === "ended";
      host.render(t);
      personalize();
      renderLog();
    },
    onConn: function (kind, text) {
      var c = document.getElementById("conn");
      c.dataset.state = kind; c.querySelector(".conn-text").textContent = text;
    },
    onPending: function (list) {
      var box = document.getElementById("pending");
      if (!box) return;
      clearTimeout(pendingTimer);
      if (!list.length) { box.hidden = true; return; }
      box.textContent = interpolate(ngettext("%(n)s change waits to be sent: it goes as soon as the phone is back online.",
        "%(n)s changes wait to be sent, in order, as soon as the phone is back online.", list.length), { n: list.length }, true);
      // Only a change that does not go at once is worth a banner (no flash on every tap).
      pendingTimer = setTimeout(function () { box.hidden = false; }, 700);
    },
    onRefused: function (_command, e) {
      // A change queued offline and refused when it was finally sent: say so, never drop it silently.
      showError(notApplied(e));
    },
    onClosed: function (code) {
      showError(code === 4403 ? gettext("Your seat was removed from this table.") : gettext("Your seat is no longer valid. Join again."));
      closed = true; personalize(); renderLog();
    }
  });
  var host = window.GrimHost({ send: send, showError: showError });

  host.render(table);
  tidyAllSlots();
  personalize();
  sync.start();
  window.grimTable = { sync: sync, send: send };
})();
