/* The home page: show only the chosen game's setup options (without this, all are shown, labelled). */
(function () {
  "use strict";
  var select = document.getElementById("new-game");
  if (!select) return;
  function show() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-game-options]"), function (box) {
      var on = box.dataset.gameOptions === select.value;
      box.hidden = !on;
      Array.prototype.forEach.call(box.querySelectorAll("select, input"), function (i) { i.disabled = !on; });
    });
  }
  select.addEventListener("change", show);
  show();
})();
