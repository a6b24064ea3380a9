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
 *
 * The parts, loaded before this script (window.GrimBoard): board/forms.js (what a form sends),
 * board/refusals.js (each refusal beside its control), board/swap.js (the board swapped in,
 * this phone's seat first, what the phone was doing kept), board/log.js (the activity log with
 * undo and redo) and board/commands.js (posting the board's commands). This script holds the
 * page's view of the table they share and wires them to sync.js.
 */
(function () {
  "use strict";

  var gettext = window.GrimPage.gettext, ngettext = window.GrimPage.ngettext;
  var interpolate = window.GrimPage.interpolate;
  var root = document.getElementById("table-root");
  var boardBox = document.getElementById("board");
  if (!root || !boardBox) return;
  var boot = JSON.parse(document.getElementById("table-boot").textContent);
  /* What this page knows of the table, shared by the parts: the table, its state, the board's
   * seq and the log's events change as events arrive; sync is set once it is made. */
  var page = {
    gettext: gettext, ngettext: ngettext, interpolate: interpolate,
    root: root, boardBox: boardBox, boot: boot,
    me: { seatId: Number(root.dataset.seatId), role: root.dataset.role },
    table: boot, state: boot.state, boardSeq: Number(boardBox.dataset.seq) || 0, events: [], closed: false,
    sync: null
  };
  var pendingTimer = null;
  var parts = window.GrimBoard;
  var refusals = parts.refusals(page);
  var showError = refusals.showError, notApplied = refusals.notApplied;
  var board = parts.swap(page);
  var personalize = board.personalize;
  var log = parts.log(page, { showError: showError, refusal: refusals.refusal, knownSeq: refusals.knownSeq, mayUndo: board.mayUndo });
  var renderLog = log.renderLog, announce = log.announce, reloadLog = log.reloadLog;
  var send = parts.commands(page, refusals).send;

  function onState(s, msg) {
    page.state = s;
    var seq = (msg && msg.seq) || 0;
    if (msg && typeof msg.board === "string") board.swap(msg.board, seq);
    else if (seq > page.boardSeq) board.fetchBoard(seq);
    renderLog();
  }

  var sync = new window.TableSync({
    tableId: boot.id, token: root.dataset.token, seq: boot.seq,
    freshAt: Date.parse(root.dataset.renderedAt || "") || Date.now(),
    onState: onState,
    onEvents: function (list) { page.events = page.events.concat(list); renderLog(); announce(list); },
    onTable: function (t) {
      // Who may undo what follows the edit policy and the seats' roles: ask the server again.
      var rightsChanged = t.edit_policy !== page.table.edit_policy || JSON.stringify(t.you_may_edit) !== JSON.stringify(page.table.you_may_edit);
      page.table = t;
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
      page.closed = true; personalize(); renderLog();
    }
  });
  page.sync = sync;
  var host = window.GrimHost({ send: send, showError: showError });

  host.render(page.table);
  parts.forms.tidyAllSlots(boardBox);
  personalize();
  sync.start();
  window.grimTable = { sync: sync, send: send };
})();
