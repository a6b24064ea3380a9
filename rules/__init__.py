"""Pure game rules for the Grim companion service.

Everything here is plain Python (standard library only): no Django, no app
imports, no I/O. Randomness always arrives as an injected ``random.Random`` so
that every result can be replayed from a seed. Services call these functions to
validate and compute; the rules never touch the database.

The kit every game builds on:
    engine, game  -- the contract with the table service; ``OpsRules`` (undo and redo from ops).
    ops, changes  -- recorded changes, and the numbers they moved (for the log).
    errors        -- ``RuleViolation``, the one error type the rules raise.
    validate      -- strict payload readers (fields, numbers, text, choices, seats, options).
    turns         -- whose turn it is, who may act for it, who comes next.
    players       -- a seat's record in the snapshot, and who holds a thing.
    describing    -- the words of log lines: seats by name, before → after, the dispatcher.
    ranking       -- places and the rows of a play record.
    table, text   -- the host's own commands (seats, names); the one rule for kept text.

One folder per game (``grim``, ``grimhand``, ``grimoor``, ``grimterra``,
``grimwood``; the generic Counters is ``counters.py``) holds only what is its
own; the kit's tests and the harness the games' tests share are in
``rules/tests``.
"""
