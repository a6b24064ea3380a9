"""A player with a keyboard and no mouse: Tab and Shift+Tab to a control, then Enter, Space,
typing, or arrow keys in a select. Nothing here clicks or calls element.click()."""

from __future__ import annotations

from playwright.sync_api import Locator, Page

MAX_TABS = 400

FOCUSED = "el => el === document.activeElement"
# Where the target lies from the focused element: +1 after it (Tab), -1 before it (Shift+Tab).
DIRECTION = """el => { const at = document.activeElement;
  if (!at || at === document.body) return 1;
  return at.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING ? 1 : -1; }"""


def tab_to(target: Locator) -> None:
    """Tab (or Shift+Tab, whichever way it lies) until ``target`` has the focus; fails if the Tab
    order never reaches it."""
    page = target.page
    target.wait_for(state="visible")
    key = "Tab" if target.evaluate(DIRECTION) > 0 else "Shift+Tab"
    for _ in range(MAX_TABS):
        if target.evaluate(FOCUSED):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{MAX_TABS} presses of {key} never reached {target}")


def press(target: Locator, key: str = "Enter") -> None:
    """Tab to ``target`` and press ``key`` on it (Enter for a button or link, Space for a checkbox)."""
    tab_to(target)
    target.page.keyboard.press(key)


def type_into(target: Locator, text: str) -> None:
    """Tab to a text field, clear it with the keyboard, and type ``text``."""
    tab_to(target)
    page = target.page
    page.keyboard.press("Control+a")
    page.keyboard.press("Backspace")
    page.keyboard.type(text)


def choose(target: Locator, label: str) -> None:
    """Tab to a select and move through its options with the arrow keys until ``label`` shows."""
    tab_to(target)
    page = target.page
    labels: list[str] = target.evaluate("el => Array.from(el.options).map(o => o.text.trim())")
    want = next(i for i, text in enumerate(labels) if text == label or text.startswith(label))
    now = int(target.evaluate("el => el.selectedIndex"))
    key = "ArrowDown" if want > now else "ArrowUp"
    for _ in range(abs(want - now)):
        page.keyboard.press(key)
    assert int(target.evaluate("el => el.selectedIndex")) == want, f"{label} not reached by {key}"


def tab_order_misses(page: Page) -> list[str]:
    """Visible, enabled controls that a full round of Tab presses from the top never focuses."""
    page.evaluate("document.querySelectorAll('[data-tab-seen]').forEach(el => delete el.dataset.tabSeen)")
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("Tab")
    for _ in range(MAX_TABS):
        seen = page.evaluate(
            "(() => { const el = document.activeElement; if (!el || el.dataset.tabSeen) return true;"
            " el.dataset.tabSeen = '1'; return false; })()"
        )
        if seen:
            break
        page.keyboard.press("Tab")
    found: list[str] = page.evaluate(
        """() => Array.from(document.querySelectorAll(
              'a[href], button, select, input:not([type=hidden]), textarea, summary'))
            .filter(el => el.checkVisibility() && !el.disabled && !el.dataset.tabSeen)  // not offsetParent:
            // a closed <details> keeps its content laid out in Chromium
            .filter(el => !(el.type === 'radio' && !el.checked))  // a radio group is one Tab stop
            .map(el => el.outerHTML.slice(0, 80))"""
    )
    return found
