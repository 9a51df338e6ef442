"""The tournament organizer on the web: the events' pages, API, rounds, bots and store."""
