/* The import's waiting page: asks the API where the import is and opens the page again once it
 * has finished (the server then opens the new table, or says why not). Without JavaScript the
 * "Check again" link does the same by hand. */
(function () {
  "use strict";
  var again = document.getElementById("import-again");
  if (!again) return;
  function check() {
    fetch(again.dataset.statusUrl, { credentials: "same-origin", headers: { "Accept": "application/json" } })
      .then(function (r) { return r.json().then(function (body) { return { ok: r.ok, body: body }; }); })
      .then(function (answer) {
        if (!answer.ok || answer.body.status === "done") location.assign(again.href);
        else setTimeout(check, 1000);
      })
      .catch(function () { setTimeout(check, 3000); });
  }
  setTimeout(check, 500);
})();
