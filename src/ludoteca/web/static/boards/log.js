// A game's log as the server keeps it (view.log, line for line beside observation.events,
// which holds the same lines in the reader's language): each line a message id and its
// fields. A board reads the fields and the ids, never the words, so it draws the same in
// every language. (The JSON shape is ludoteca.core.i18n.Text's.)

// A set of message ids (the game's English messages, with their {fields}), to look for.
export function ids(...messages) {
  return new Set(messages);
}

// The English message id of a line.
export function messageOf(entry) {
  if (typeof entry === "string") return entry;
  return Array.isArray(entry[0]) ? entry[0][0] : entry[0];
}

// The fields of a line: {name: value}.
export function fieldsOf(entry) {
  return typeof entry === "string" ? {} : entry[1];
}

// Every value of field `name` in a line, its nested messages included, in order.
export function valuesOf(entry, name) {
  const found = [];
  const visit = (fields) => {
    for (const [key, value] of Object.entries(fields)) {
      if (key === name) found.push(value);
      if (Array.isArray(value)) visit(fieldsOf(value));
      else if (value && Array.isArray(value.all)) {
        for (const item of value.all) if (Array.isArray(item)) visit(fieldsOf(item));
      }
    }
  };
  visit(fieldsOf(entry));
  return found;
}

// The index of the last line (among the last `within`) whose message is one of `ids`.
export function lastOf(log, ids, within = log.length) {
  for (let i = log.length - 1; i >= 0 && i >= log.length - within; i--) {
    if (ids.has(messageOf(log[i]))) return i;
  }
  return -1;
}
