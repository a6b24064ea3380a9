/* Commands from the board: a form[data-command] posts its fields as the payload (read by
 * board/forms.js), a button[data-command] its fixed payload; a form with data-preview shows what
 * it would do first; once a command went through its form is emptied and its panel folded.
 *
 * window.GrimBoard.commands(page, parts) listens on the board and gives send(type, payload);
 * ``page`` is board.js's view of the table, ``parts`` the refusals' functions.
 */
(function () {
  "use strict";

  function commands(page, parts) {
    var gettext = page.gettext, boardBox = page.boardBox, el = window.GrimPage.el;
    var showError = parts.showError, clearErrors = parts.clearErrors, refusal = parts.refusal;
    var locate = parts.locate, placeError = parts.placeError, fieldChanged = parts.fieldChanged;
    var forms = window.GrimBoard.forms;
    var payloadOf = forms.payloadOf, selectDefault = forms.selectDefault, showChosen = forms.showChosen;
    var slotControl = forms.slotControl, tidySlots = forms.tidySlots, removeSlot = forms.removeSlot;
    function send(type, payload) {
      showError("");
      return page.sync.send(type, payload).catch(function (e) { showError(e.message); throw e; });
    }
    function post(type, payload, scope, after) {
      showError("");
      if (scope) clearErrors(scope);
      var where = locate(scope);
      return page.sync.send(type, payload).then(after || function () {}).catch(function (e) {
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
      return page.sync.api("/commands/preview/", { method: "POST", body: body, headers: { "Content-Type": "application/json" } })
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
    /* A form is known across board swaps by its first field's id; edits[key] counts its edits. */
    var edits = {};
    function formKey(form) {
      var first = form && form.querySelector("[id]");
      return first ? first.id : "";
    }
    function edited(target) {
      var key = formKey(target.closest && target.closest("form"));
      if (key) edits[key] = (edits[key] || 0) + 1;
    }
    /* After a command went through: empty the form and fold its panel. The
     * board may have been re-rendered while the command was on its way (the
     * websocket is often faster than the answer), so the form on screen is
     * found again by its fields' ids. */
    function sent(form, what, editsAtSend) {
      unconfirm(form);
      var key = formKey(form);
      var shown = document.body.contains(form) ? form
        : (key && document.getElementById(key) && document.getElementById(key).closest("form")) || form;
      // Picked or typed again while the command was on its way (the next card already chosen,
      // or the same number picked again for the next change): keep it.
      if (what !== undefined && JSON.stringify(payloadOf(shown)) !== what) return;
      if (editsAtSend !== undefined && (edits[key] || 0) !== editsAtSend) return;
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
    boardBox.addEventListener("input", function (ev) {
      fieldChanged(ev.target);
      edited(ev.target);
      var form = ev.target.closest && ev.target.closest("form[data-preview]");
      if (form) unconfirm(form);
    });
    boardBox.addEventListener("change", function (ev) {
      fieldChanged(ev.target);
      edited(ev.target);
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
      var editsAtSend = edits[formKey(form)] || 0;
      withFiles(form, payload).then(function () {
        post(type, payload, form, function () { sent(form, what, editsAtSend); });
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

    return { send: send };
  }

  window.GrimBoard = window.GrimBoard || {};
  window.GrimBoard.commands = commands;
})();
