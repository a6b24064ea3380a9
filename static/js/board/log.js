/* The activity log: the server's words for each event, who and when, grouped into bursts, with
 * undo and redo on each line this seat may undo; a refusal shows in its line.
 *
 * window.GrimBoard.log(page, parts) gives the functions; ``page`` is board.js's view of the table,
 * ``parts`` the refusals' showError, refusal and knownSeq and the swap's mayUndo.
 */
(function () {
  "use strict";

  function activityLog(page, parts) {
    var gettext = page.gettext, interpolate = page.interpolate, boot = page.boot;
    var showError = parts.showError, refusal = parts.refusal, knownSeq = parts.knownSeq, mayUndo = parts.mayUndo;
    var el = window.GrimPage.el;
    function seatName(id) {
      var s = page.table.seats.find(function (x) { return x.id === id; });
      return s ? s.name : gettext("A former seat");
    }

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
        return p.then(function () { return page.sync.send(step[0], { seq: step[1] }); });
      }, Promise.resolve()).catch(function (e) {
        lineErrors[seq] = { text: refusal(e), about: knownSeq() };
        renderLog();
      });
    }
    function renderLog() {
      var log = document.getElementById("log");
      var undone = page.state.undone || [];
      var lines = groupLog(page.events).slice(-150).reverse();
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
        if (refused && refused.about >= page.boardSeq) li.appendChild(el("p", { "class": "error", role: "alert", text: refused.text }));
        return li;
      }));
    }

    /* A screen reader hears each new event's line once; the lines the page was rendered with stay silent. */
    function announce(list) {
      if (!list.some(function (e) { return e.seq > boot.seq; })) return;
      var line = groupLog(page.events).pop();
      var e = line.events[line.events.length - 1];
      document.getElementById("announce").textContent = (e.seat ? seatName(e.seat) : gettext("The table")) + ": " + lineText(line);
    }

    /* The log's events again from the server (the same seqs, each with who may undo it now). */
    function reloadLog() {
      if (!page.events.length) return;
      var from = page.events[0].seq - 1;
      var fresh = [];
      function pageAfter(after) {
        return page.sync.api("/events/?after=" + after).then(function (p) {
          fresh = fresh.concat(p.results);
          if (p.has_more) return pageAfter(p.next_after);
        });
      }
      pageAfter(from).then(function () {
        var bySeq = {};
        fresh.forEach(function (e) { bySeq[e.seq] = e; });
        page.events = page.events.map(function (e) { return bySeq[e.seq] || e; });
        renderLog();
      }).catch(function () { /* the next change brings fresh rights */ });
    }
    return { renderLog: renderLog, announce: announce, reloadLog: reloadLog };
  }

  window.GrimBoard = window.GrimBoard || {};
  window.GrimBoard.log = activityLog;
})();
