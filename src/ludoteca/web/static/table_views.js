// A page's copy of each view's log, one per token (a seat's, or "" for the spectator's). The
// server sends a view's log and events whole once, then only the entries after the `since` the
// page says it holds: a seat's log only grows, so the entries it holds stay as they were.
import { api } from "./api.js";

export class TableViews {
  #held = new Map();

  constructor(tableId) {
    this.tableId = tableId;
  }

  // How many log entries the page holds for `token` (what it sends as `since`).
  held(token) {
    return this.#held.get(token ?? "")?.events.length ?? 0;
  }

  // The view of `token`'s seat ("" or null: the spectator's), sent with only the entries it lacks.
  async fetch(token) {
    const path = `/api/tables/${this.tableId}/view`;
    return this.whole(await api(`${path}?since=${this.held(token)}`, { token }), token);
  }

  // A view made whole from the log the page holds (asked again whole if it cannot be).
  async whole(view, token) {
    return this.complete(view, token)
      ?? this.complete(await api(`/api/tables/${this.tableId}/view`, { token }), token);
  }

  // `view` with its whole log, events and layout; null if it starts past what the page holds.
  complete(view, token) {
    const have = this.#held.get(token ?? "");
    const since = view.since ?? 0;
    if (since > 0 && (!have || since > have.events.length)) return null;
    const obs = view.observation;
    const events = since ? have.events.slice(0, since).concat(obs.events) : obs.events;
    const log = since ? have.log.slice(0, since).concat(view.log) : view.log;
    const layout = view.layout ?? have?.layout;
    if (!have || view.index >= have.index) this.#held.set(token ?? "", { index: view.index, events, log, layout });
    return { ...view, since: 0, observation: { ...obs, events }, log, layout };
  }
}
