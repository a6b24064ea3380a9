/* Installable and usable offline: register the service worker (served at /sw.js for the whole site). */
(function () {
  "use strict";
  if ("serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () { /* the page works without it */ });
    });
  }
})();
