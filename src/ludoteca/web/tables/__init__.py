"""Tables in play: seats, moves, computer seats, clocks, chat, live views and replays, with
their store, the API and the pages."""
