/* The board swapped in: the server renders it and sends it with each command's last event (or
 * it is fetched when only the seq came); here it replaces the old one, this phone's seat first,
 * the controls this seat may not use hidden (the server checks every command anyway), and what
 * the phone was doing kept across the swap: open panels, typed values, focus and refusals.
 *
 * window.GrimBoard.swap(page) gives the functions; ``page`` is board.js's view of the table.
 */
(function () {
  "use strict";

  function swapping(page) {
    var boardBox = page.boardBox, me = page.me, boot = page.boot;
    var forms = window.GrimBoard.forms;
    var selectDefault = forms.selectDefault;
    var fetching = null;
    var screenView = boardBox.classList.contains("screen");
    function readOnly() { return page.closed || screenView || me.role === "spectator" || page.table.status === "ended"; }
    /* The server says which seats this one may change (table.you_may_edit) and who may undo each
     * event (event.undo_by): the page offers what the server would accept, no rule of its own. */
    function canEdit(seatId) {
      return !readOnly() && (page.table.you_may_edit || []).indexOf(seatId) >= 0;
    }
    function mayUndo(e) { return !readOnly() && (e.undo_by || []).indexOf(me.seatId) >= 0; }

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
      if (seq <= page.boardSeq && boardBox.childElementCount) return;
      page.boardSeq = seq;
      boardBox.dataset.seq = String(seq);
      var kept = remember(seq);
      boardBox.innerHTML = html;
      restore(kept);
      forms.showChosen(boardBox);
      forms.tidyAllSlots(boardBox);
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
    return { readOnly: readOnly, canEdit: canEdit, mayUndo: mayUndo, personalize: personalize, swap: swap, fetchBoard: fetchBoard };
  }

  window.GrimBoard = window.GrimBoard || {};
  window.GrimBoard.swap = swapping;
})();
