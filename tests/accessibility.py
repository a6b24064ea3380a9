"""Accessibility checks run inside a page: axe-core (npm, injected), the Tab order, and contrast in
the states axe does not render (pressed, current, disabled)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(page: Page) -> list[str]:
    """Every axe-core violation on the page as it is now (any impact), one line per rule and
    element: ``rule (impact): selector``. axe-core comes from npm (package.json, ``make lint``)."""
    assert AXE.exists(), f"{AXE} is missing: run `npm ci` (make lint installs it)"
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # Evaluated through the driver, as a page's CSP (script-src 'self') refuses an added tag.
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")
    found: list[str] = page.evaluate(
        """async () => {
          const r = await axe.run(document, {resultTypes: ['violations']});
          return r.violations.flatMap(v => v.nodes.map(n =>
            `${v.id} (${v.impact}): ${n.target.join(' ')} `
            + n.failureSummary.split('\\n').slice(1, 2).join('')));
        }"""
    )
    return found


def untabbable_controls(page: Page) -> list[str]:
    """Visible controls that Tab never reaches (negative tabindex, or a click-only element)."""
    found: list[str] = page.evaluate(
        """() => Array.from(document.querySelectorAll(
              'a[href], button, select, input:not([type=hidden]), textarea, summary, '
              + '[onclick], [role=button]'))
            .filter(el => el.checkVisibility() && !el.disabled)
            .filter(el => el.tabIndex < 0)
            .map(el => el.outerHTML.slice(0, 80))"""
    )
    return found


# Contrast of text against the first opaque background behind it, from getComputedStyle (WCAG 2
# relative luminance); axe only sees the states on screen, so the test puts each state on screen.
STATE_CONTRAST = """(selector) => {
  const rgb = s => { const m = s.match(/[\\d.]+/g).map(Number); return m.length > 3 ? m : m.concat([1]); };
  const lum = c => {
    const v = c.slice(0, 3).map(x => {
      x /= 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  const back = el => {
    for (; el; el = el.parentElement) {
      const c = rgb(getComputedStyle(el).backgroundColor); if (c[3] >= 0.99) return c; }
    return [255, 255, 255, 1]; };
  return Array.from(document.querySelectorAll(selector))
    .filter(el => el.offsetParent !== null && el.textContent.trim())
    .map(el => { const st = getComputedStyle(el);
      const fg = rgb(st.color), bg = back(el);
      let a = fg[3];
      for (let up = el; up; up = up.parentElement) a *= parseFloat(getComputedStyle(up).opacity);
      const mixed = fg.slice(0, 3).map((x, i) => x * a + bg[i] * (1 - a));
      const [hi, lo] = [lum(mixed), lum(bg)].sort((x, y) => y - x);
      return {html: el.outerHTML.slice(0, 80), ratio: (hi + 0.05) / (lo + 0.05)}; });
}"""


def low_contrast(page: Page, selector: str, minimum: float = 4.5) -> list[str]:
    """Visible elements matching ``selector`` whose text is below ``minimum``:1 against their
    background (opacity counted, as for a disabled button faded out)."""
    rows: list[dict[str, object]] = page.evaluate(STATE_CONTRAST, selector)
    return [f"{r['ratio']:.2f}:1 {r['html']}" for r in rows if float(str(r["ratio"])) < minimum]


CONTROLS = "button, .btn, select, input:not([type=hidden]), textarea"


def low_contrast_in_states(page: Page, minimum: float = 4.5) -> dict[str, list[str]]:
    """Every visible control's contrast when disabled, pressed (aria-pressed) and current
    (aria-current), each state put on all of them at once and taken off again."""
    found: dict[str, list[str]] = {}
    for state, attribute in (
        ("disabled", "disabled"),
        ("pressed", "aria-pressed"),
        ("current", "aria-current"),
    ):
        page.evaluate(
            """([sel, attr]) => document.querySelectorAll(sel).forEach(el => {
                 if (el.hasAttribute(attr)) return;
                 el.setAttribute(attr, 'true'); el.dataset.stateTry = '1'; })""",
            [CONTROLS, attribute],
        )
        found[state] = low_contrast(page, CONTROLS, minimum)
        page.evaluate(
            """([attr]) => document.querySelectorAll('[data-state-try]').forEach(el => {
                 el.removeAttribute(attr); delete el.dataset.stateTry; })""",
            [attribute],
        )
    found["held down (:active, :hover)"] = low_contrast_held_down(page, minimum)
    return {k: v for k, v in found.items() if v}


def low_contrast_held_down(page: Page, minimum: float = 4.5) -> list[str]:
    """Each button as a finger holds it: :active and :hover forced through DevTools, as no
    synthetic event keeps a button pressed while it is measured."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    nodes = cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": "button, .btn"})["nodeIds"]
    for node in nodes:
        cdp.send("CSS.forcePseudoState", {"nodeId": node, "forcedPseudoClasses": ["active", "hover"]})
    try:
        return low_contrast(page, "button, .btn", minimum)
    finally:
        cdp.detach()  # the forced states go with the session
