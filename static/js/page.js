/* What every script of a table page shares, loaded before them.
 *
 * window.GrimPage = {gettext, ngettext, interpolate, el}: words in the page's language from
 * Django's JavaScriptCatalog (/jsi18n/, loaded first by base.html; the English when it could not
 * load, offline before it was ever kept), and el(tag, attrs, children), which makes an element
 * ("text" sets its text, "on<event>" adds a listener, any other key is an attribute).
 */
(function () {
  "use strict";

  var gettext = window.gettext || function (s) { return s; };
  var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };
  var interpolate = window.interpolate || function (fmt, values) {
    return fmt.replace(/%\((\w+)\)s/g, function (_all, name) { return String(values[name]); });
  };

  function el(tag, attrs, children) {
    var n = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") n.textContent = attrs[k];
      else if (k.slice(0, 2) === "on") n.addEventListener(k.slice(2), attrs[k]);
      else n.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) n.appendChild(c); });
    return n;
  }

  window.GrimPage = { gettext: gettext, ngettext: ngettext, interpolate: interpolate, el: el };
})();
