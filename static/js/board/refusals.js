/* Each refusal shown beside the control that sent it, in plain words: in the form's
 * [data-error-for="field"], else its [data-error-for=""], else at the top of the page. The board
 * is re-rendered whenever an event arrives, so the control tapped is found again on the new board.
 *
 * window.GrimBoard.refusals(page) gives the functions; ``page`` is board.js's view of the table
 * (its boardSeq and sync are read when a refusal is shown).
 */
(function () {
  "use strict";

  function refusals(page) {
    var gettext = page.gettext, interpolate = page.interpolate;
    /* The newest table seq this phone knows: a refusal shown now is about that board. */
    function knownSeq() { return Math.max(page.boardSeq, (page.sync && page.sync.lastSeq) || 0); }
    function showError(msg) {
      var box = document.getElementById("command-error");
      box.textContent = msg || ""; box.hidden = !msg;
      box.dataset.aboutSeq = String(knownSeq());
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
    /* A refusal about a field goes once the field is changed: it was about what was there. */
    function fieldChanged(input) {
      var scope = input.closest && input.closest("form, [data-error-scope]");
      if (!scope || !input.name) return;
      Array.prototype.forEach.call(scope.querySelectorAll('[data-error-for="' + CSS.escape(input.name) + '"]'), function (b) {
        b.hidden = true; b.textContent = "";
      });
      input.removeAttribute("aria-invalid");
    }
    return {
      knownSeq: knownSeq, showError: showError, clearErrors: clearErrors, refusal: refusal,
      notApplied: notApplied, locate: locate, placeError: placeError, fieldChanged: fieldChanged
    };
  }

  window.GrimBoard = window.GrimBoard || {};
  window.GrimBoard.refusals = refusals;
})();
