"""Grim Hand combat (§7.4, Appendix II).

Modules:
    scoring  -- streets, Affinity Resonance, Critical Hit and Chain, street attack
    lineup   -- threats, mobs, the active limit and the queue (§7.4.3)
    damage   -- damage at a street, Full House reduction (§7.4.7)
    round    -- a combat round played street by street, retreat (§7.4.10)
    rewards  -- gold and XP per player for the threats despatched (§11)
"""
