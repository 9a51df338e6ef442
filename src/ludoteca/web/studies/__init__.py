"""Designers' balance studies and tuning searches on the server's bot workers: the
/designer page's API, the running service, its CPU budget and its store."""
