"""scorekeeper: a companion for card nights played with real cards."""
