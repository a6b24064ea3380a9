"""One Django app per game (architecture: a game is a plug-in): ``sheets/<game>/``."""
