"""Pure game rules for the Grim companion service.

Everything here is plain Python (standard library only): no Django, no app
imports, no I/O. Randomness always arrives as an injected ``random.Random`` so
that every result can be replayed from a seed. Services call these functions to
validate and compute; the rules never touch the database.

Packages:
    errors     -- ``RuleViolation``, the one error type the rules raise.
    grimhand   -- Grim Hand: cards, poker hands, characters, checks, combat.
"""
