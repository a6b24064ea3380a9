"""The hand-made serving pieces that earned their place (issue #35): the ASGI-to-WSGI bridge
with its admission control, and the WSGI handler that frees each request's cycles.

Each one's comparison with its library is in docs/decisions/; any private API of a
dependency they use is reached through ``companion.server.private`` only.
"""
