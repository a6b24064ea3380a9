/* The host panel of every table page: invite, rename, seats, policy, end.
 *
 * window.GrimHost({send, showError}) wires the panel (when this phone is the
 * host) and returns render(table), called with every fresh table JSON. */
(function () {
  "use strict";

  var gettext = window.GrimPage.gettext, interpolate = window.GrimPage.interpolate, el = window.GrimPage.el;

  function GrimHost(opts) {
    var send = opts.send;
    var showError = opts.showError;
    var quiet = function () {};

    function render(table) {
      var list = document.getElementById("seat-admin");
      if (!list) return;
      var code = document.getElementById("join-code");
      if (code && table.join_code) code.textContent = table.join_code;
      var box = document.getElementById("everyone-edits");
      if (box) box.checked = table.edit_policy === "everyone";
      var ids = table.seats.map(function (s) { return s.id; });
      list.replaceChildren.apply(list, table.seats.map(function (s, i) {
        var input = el("input", { type: "text", value: s.name, maxlength: "40", "aria-label": interpolate(gettext("Name of seat %(n)s"), { n: i + 1 }, true) });
        var move = function (d) {
          var order = ids.slice(); var j = i + d; if (j < 0 || j >= order.length) return;
          order[i] = order[j]; order[j] = s.id; send("seat.reorder", { seat_ids: order }).catch(quiet);
        };
        return el("li", { "class": "seat-admin-row" }, [
          input,
          el("button", { "class": "btn btn-small", type: "button", text: gettext("Save"), "aria-label": interpolate(gettext("Rename seat %(n)s"), { n: i + 1 }, true),
            onclick: function () { send("seat.rename", { seat_id: s.id, name: input.value }).catch(quiet); } }),
          el("button", { "class": "btn btn-small", type: "button", text: "↑", "aria-label": interpolate(gettext("Move %(name)s up"), { name: s.name }, true), onclick: function () { move(-1); } }),
          el("button", { "class": "btn btn-small", type: "button", text: "↓", "aria-label": interpolate(gettext("Move %(name)s down"), { name: s.name }, true), onclick: function () { move(1); } }),
          s.role === "host" ? null : el("button", { "class": "btn btn-small btn-danger", type: "button", text: gettext("Remove"),
            "aria-label": interpolate(gettext("Remove %(name)s"), { name: s.name }, true),
            onclick: function () { if (confirm(interpolate(gettext("Remove %(name)s from the table?"), { name: s.name }, true))) send("seat.remove", { seat_id: s.id }).catch(quiet); } })
        ]);
      }));
    }

    function wire() {
      var rotate = document.getElementById("rotate-code");
      if (!rotate) return;
      rotate.addEventListener("click", function () { send("table.rotate_code", {}).catch(quiet); });
      var rename = document.getElementById("rename-table-form");
      rename.addEventListener("submit", function (ev) {
        ev.preventDefault();
        var err = document.getElementById("table-name-error");
        send("table.rename", { name: document.getElementById("table-name-input").value })
          .then(function () { err.hidden = true; })
          .catch(function (e) { showError(""); err.textContent = e.message; err.hidden = false; });
      });
      document.getElementById("everyone-edits").addEventListener("change", function (ev) {
        send("table.set_policy", { edit_policy: ev.target.checked ? "everyone" : "own" }).catch(quiet);
      });
      document.getElementById("end-table").addEventListener("click", function () {
        if (confirm(gettext("End the table for everyone? The numbers stay readable."))) send("table.end", {}).catch(quiet);
      });
    }

    wire();
    return { render: render };
  }

  window.GrimHost = GrimHost;
})();
