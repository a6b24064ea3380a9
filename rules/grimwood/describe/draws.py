"""The log lines of Grimwood's draws and steals, worded by how they happened.

A draw or a steal opens the turn where the table draws first, else ends it;
it may also be an action or a power's. An Amulet blocks a steal.
"""

from __future__ import annotations

from rules.describing import Body, Line, Names, seat_name
from rules.grimwood.describe.turns import last_round_started, turn_end
from rules.grimwood.describe.words import actions_item, arrow, hand_item, numbers, pair
from rules.i18n import gettext as _
from rules.i18n import ngettext


def _how(b: Body) -> str:
    """How a draw or a steal happened: the turn's own (it opens the turn where the table draws first,
    else ends it), as an action, by a power, or not said (an older event)."""
    if b.get("opens"):
        return "opens"
    return str(b.get("via"))


def _draw_line(how: str, count: int) -> str:
    """The sentence of a draw, by how it happened and how many cards."""
    if how == "opens":
        return ngettext(
            "%(who)s draws a card to begin the turn %(numbers)s.",
            "%(who)s draws %(n)s cards to begin the turn %(numbers)s.",
            count,
        )
    if how == "turn":
        return ngettext(
            "%(who)s draws a card and ends the turn %(numbers)s.",
            "%(who)s draws %(n)s cards and ends the turn %(numbers)s.",
            count,
        )
    if how == "action":
        return ngettext(
            "%(who)s draws a card as an action %(numbers)s.",
            "%(who)s draws %(n)s cards as an action %(numbers)s.",
            count,
        )
    if how == "power":
        return ngettext(
            "%(who)s draws a card by a power %(numbers)s.",
            "%(who)s draws %(n)s cards by a power %(numbers)s.",
            count,
        )
    return ngettext("%(who)s draws a card %(numbers)s.", "%(who)s draws %(n)s cards %(numbers)s.", count)


def _drawn(b: Body, n: Names) -> str:
    count = int(b.get("count", 1))
    items = []
    actions = pair(b.get("actions"))
    if actions:
        items.append(actions_item(*actions))
    items.append(hand_item(b.get("hand_before"), b.get("hand_after")))
    if b.get("deck_before") is None:  # logged before the numbers were kept
        left = int(b.get("remaining", 0))
        items.append(
            ngettext("%(n)s card left in the deck", "%(n)s cards left in the deck", left) % {"n": left}
        )
    else:
        items.append(
            _("deck %(before)s → %(after)s") % {"before": b.get("deck_before"), "after": b.get("remaining")}
        )
    line = _draw_line(_how(b), count) % {
        "who": seat_name(n, b.get("seat_id")),
        "n": count,
        "numbers": numbers(items),
    }
    return line + last_round_started(b, n) + turn_end(b.get("turn_end"), n)


def _blocked_line(how: str) -> str:
    """The sentence of a steal an Amulet blocked: by a power it blocks that steal only."""
    if how == "opens":
        return _(
            "%(who)s tries to steal from %(victim)s to begin the turn%(spent)s, but %(victim)s's Amulet "
            "blocks it (%(victim)s's hand %(victim_hand)s): %(who)s loses the rest of the turn."
        )
    if how == "action":
        return _(
            "%(who)s tries to steal from %(victim)s as an action%(spent)s, but %(victim)s's Amulet "
            "blocks it (%(victim)s's hand %(victim_hand)s): %(who)s loses the rest of the turn."
        )
    if how == "power":
        return _(
            "%(who)s tries to steal from %(victim)s by a power%(spent)s, but %(victim)s's Amulet "
            "blocks it (%(victim)s's hand %(victim_hand)s); only this steal, the turn goes on."
        )
    return _(
        "%(who)s tries to steal from %(victim)s%(spent)s, but %(victim)s's Amulet "
        "blocks it (%(victim)s's hand %(victim_hand)s): %(who)s loses the rest of the turn."
    )


def _steal_line(how: str) -> str:
    """The sentence of a steal, by how it happened."""
    if how == "opens":
        return _("%(who)s steals a card from %(victim)s to begin the turn %(numbers)s.")
    if how == "turn":
        return _("%(who)s steals a card from %(victim)s and ends the turn %(numbers)s.")
    if how == "action":
        return _("%(who)s steals a card from %(victim)s as an action %(numbers)s.")
    if how == "power":
        return _("%(who)s steals a card from %(victim)s by a power %(numbers)s.")
    return _("%(who)s steals a card from %(victim)s %(numbers)s.")


def _stolen(b: Body, n: Names) -> str:
    who, victim = seat_name(n, b.get("seat_id")), seat_name(n, b.get("victim_seat_id"))
    hand, victim_hand = arrow(b.get("hand")), arrow(b.get("victim_hand"))
    if hand is None:  # logged before the numbers were kept
        line = _("%(who)s steals a card from %(victim)s.") % {"who": who, "victim": victim}
        return line + turn_end(b.get("turn_end"), n)
    spent = pair(b.get("actions"))
    actions = actions_item(*spent) if spent else None
    words = {"who": who, "victim": victim, "victim_hand": victim_hand}
    if b.get("blocked"):
        line = _blocked_line(_how(b)) % {**words, "spent": f" ({actions})" if actions else ""}
    else:
        both = _("%(who)s's hand %(hand)s, %(victim)s's %(victim_hand)s") % {**words, "hand": hand}
        line = _steal_line(_how(b)) % {**words, "numbers": numbers([*([actions] if actions else []), both])}
    return line + turn_end(b.get("turn_end"), n)


LINES: dict[str, Line] = {
    "cards.drawn": _drawn,
    "card.stolen": _stolen,
}
