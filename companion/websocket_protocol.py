"""uvicorn's websocket protocol with a compression window that holds a whole board (issue #15).

Every event message carries the table's board, rendered on the server: a
counters board is about 7.5 KB, and the next one differs from it in a
number or two. uvicorn negotiates permessage-deflate with a 4 KB window
(``server_max_window_bits=12``), so each message is compressed almost from
scratch: on a loaded process compressing the same board once per phone was
the largest single cost of the event loop (a profile at 120 tables), and
each phone still received about 1.5 KB per change.

With a 16 KB window the compressor finds the previous board in its
history, so a new board costs a few back-references: measured on real
counters messages, about 4x less CPU per message and a tenth of the bytes
(``bench/bench_tables`` prints the bytes a phone receives per event). The
compressor's memory is per socket: 80 KB with a 16 KB window against
uvicorn's 32 KB (zlib takes four times the window plus the match table);
what the phones send is small, so their window stays at 4 KB.

Only the extension's parameters change, and how a connection refused for a
frame past ``ws_max_size`` is closed (``handle_parser_exception``);
everything else is uvicorn's own ``WebSocketsSansIOProtocol``. A client that
offers no compression (or a smaller window) gets what it offers: negotiation
is the websockets library's.
"""

from __future__ import annotations

import logging
import os
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

WINDOW_BITS = int(os.environ.get("WS_WINDOW_BITS", "14"))
"""The server's compression window, as a power of two (9 to 15): 14 is 16 KB, two counters boards.
A bigger window finds more of a long board (Grim Hand's sheets) at 4x the memory per socket."""
CLIENT_WINDOW_BITS = 12
"""What phones compress with: their messages are commands of a few hundred bytes."""
MEM_LEVEL = 5
"""zlib's memLevel, as uvicorn sets it (the match table's size; 16 KB per socket)."""
LINGER_S = 2.0
"""How long a socket refused for a frame too big reads (and drops) what still comes before it closes."""


class WideWindowProtocol(WebSocketsSansIOProtocol):
    """``WebSocketsSansIOProtocol`` negotiating a ``WINDOW_BITS`` compression window."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not self.config.ws_per_message_deflate:
            return
        self.conn = ServerProtocol(
            extensions=[
                ServerPerMessageDeflateFactory(
                    server_max_window_bits=WINDOW_BITS,
                    client_max_window_bits=CLIENT_WINDOW_BITS,
                    compress_settings={"memLevel": MEM_LEVEL},
                )
            ],
            max_size=self.config.ws_max_size,
            logger=logging.getLogger("uvicorn.error"),
        )

    def handle_parser_exception(self) -> None:
        """uvicorn's, except that the socket drains before it closes (a lingering close, issue #32).

        A frame past ``ws_max_size`` fails the connection at its header (1009, before its
        bytes are read). uvicorn closed the socket at once while the rest of the frame was
        still arriving, and a socket closed with unread input is reset: the reset could
        reach the client before the close frame it had not read yet, so it saw no code.
        Here the close frame and the end of our stream go out, what still arrives is
        dropped (the websockets library's ``discard``), and the socket closes when the
        client does or after ``LINGER_S``.
        """
        if self.close_sent:  # more of the refused frame: already dropped by the parser
            return
        assert self.conn.close_sent is not None
        code, reason = self.conn.close_sent.code, self.conn.close_sent.reason
        self.queue.put_nowait({"type": "websocket.disconnect", "code": code, "reason": reason})
        self.transport.write(b"".join(self.conn.data_to_send()))
        self.close_sent = True
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self.close_timer = self.loop.call_later(LINGER_S, self.transport.close)
