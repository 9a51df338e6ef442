"""Events played on the site (issue 45): registration and check-in with accounts, a table
here for each pairing, results recorded from the tables' ends. `store` keeps its rows,
`service` does the work through the event service's hooks, `api` serves it."""
