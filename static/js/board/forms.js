/* What a board's form sends and shows (the conventions are listed in board.js): the payload read
 * from its fields, the part of a form for the choice made ([data-when]) and the ordered slots
 * ([data-slots]). No state of its own: board.js and board/commands.js call these on the board.
 */
(function () {
  "use strict";

  /* The value a select shows untouched: its marked option, else its first. */
  function selectDefault(select) {
    var marked = Array.prototype.find.call(select.options, function (o) { return o.defaultSelected; });
    return marked ? marked.value : (select.options.length ? select.options[0].value : "");
  }

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
  function tidyAllSlots(boardBox) {
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

  window.GrimBoard = window.GrimBoard || {};
  window.GrimBoard.forms = {
    selectDefault: selectDefault, payloadOf: payloadOf, showChosen: showChosen,
    slotControl: slotControl, tidySlots: tidySlots, tidyAllSlots: tidyAllSlots, removeSlot: removeSlot
  };
})();
