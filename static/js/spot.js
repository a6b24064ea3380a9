/* Where a control of the board is, in words that survive the board being re-rendered, so the
 * focus (and an open panel without an id) comes back to the same control in the new board
 * (issue #33): never to the page body, where a keyboard or screen-reader player starts over.
 *
 * A spot is the control's id, else the nearest id above it, what it is (tag, command, payload,
 * name, label, words) and which of the alike it is there; with the ids above it, for when the
 * control is gone from the new board (a removed counter): then the nearest place still shown.
 */
(function () {
  "use strict";
  var CONTROLS = "button, input, select, textarea, summary, a[href]";

  function describe(n) {
    var words = n.tagName === "BUTTON" || n.tagName === "SUMMARY" ? n.textContent.trim() : "";
    return [n.tagName, n.getAttribute("name"), n.getAttribute("data-command"), n.getAttribute("data-payload"),
      n.getAttribute("aria-label"), words].join("\u0001");
  }
  function alikeIn(anchor, tag, key) {
    return Array.prototype.filter.call(anchor.querySelectorAll(tag), function (x) { return describe(x) === key; });
  }
  function focusable(n) {
    return (n.matches(CONTROLS) || n.hasAttribute("tabindex")) && !n.disabled && n.offsetParent !== null;
  }
  function idsAbove(n, root) {
    var up = [];
    var a = n.parentNode;
    while (a && a !== root) { if (a.id) up.push(a.id); a = a.parentNode; }
    up.push(root.id);
    return up;
  }

  window.GrimSpot = function (root) {
    function spot(n) {
      if (!n || n === root || !root.contains(n)) return null;
      var up = idsAbove(n, root);
      var key = describe(n);
      return { id: n.id, tag: n.tagName, key: key, nth: alikeIn(document.getElementById(up[0]), n.tagName, key).indexOf(n), up: up };
    }
    /* The control a spot names in the board shown now, or null when it is gone. */
    function found(where) {
      if (!where) return null;
      if (where.id) return document.getElementById(where.id);
      var anchor = document.getElementById(where.up[0]);
      var alike = anchor ? alikeIn(anchor, where.tag, where.key) : [];
      return alike[where.nth] || alike[0] || null;
    }
    function focusIn(place) {
      if (!place || place.offsetParent === null) return false;
      var first = Array.prototype.find.call(place.querySelectorAll(CONTROLS), focusable);
      if (!first) {
        if (!place.hasAttribute("tabindex")) place.setAttribute("tabindex", "-1");
        first = place;
      }
      first.focus({ preventScroll: true });
      return document.activeElement === first;
    }
    /* Focus back on the same control, else the first control (or the place itself) of the
     * nearest place above it still shown. */
    function refocus(where) {
      if (!where) return;
      var n = found(where);
      if (n && focusable(n)) {
        n.focus({ preventScroll: true });
        if (document.activeElement === n) return;
      }
      where.up.some(function (id) { return focusIn(document.getElementById(id)); });
    }
    return { spot: spot, found: found, refocus: refocus };
  };
})();
