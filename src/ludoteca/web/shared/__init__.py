"""What every part of the web app stands on: the database and its records, requests and
errors, the compute queue, languages, headers, logs and the pages' templates."""
