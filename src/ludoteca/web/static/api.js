// Small helpers shared by the pages: JSON requests, DOM building, the seats kept in this browser.
import { t } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

export async function api(path, { method = "GET", body, token, csrf } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  if (csrf) headers["X-CSRF-Token"] = csrf; // a signed-in change: the session's token
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, data.error || response.statusText);
  return data;
}

// el("li", {class: "x"}, "text", child) — text is always set as text, never as HTML.
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Seat tokens live in this browser only (localStorage), so "your games" can be resumed.
const KEY = "ludoteca.seats";

export function mySeats() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "[]");
  } catch {
    return [];
  }
}

export function rememberSeat(entry) {
  const seats = mySeats().filter((s) => !(s.table === entry.table && s.seat === entry.seat));
  seats.push(entry);
  localStorage.setItem(KEY, JSON.stringify(seats));
}

// The name this browser's person gives themselves (no account: kept in this browser).
const NAME_KEY = "ludoteca.name";

export function myName() {
  return (localStorage.getItem(NAME_KEY) || "").trim().slice(0, 32);
}

export function setMyName(name) {
  localStorage.setItem(NAME_KEY, name.trim().slice(0, 32));
}

// A seat nobody named: "player 2" (people count from 1; the engine's seat numbers never show).
export function seatName(seat) {
  return seat === null || seat === undefined ? t("spectator") : t("player {n}", { n: seat + 1 });
}

// The computer levels' names (agents/levels.py PRESETS), in the page's language.
export const LEVELS = { random: t("random"), easy: t("easy"), medium: t("medium"), hard: t("hard") };

// Each seat's player as web/players.py names them from a table's public facts: the name its
// person gave, "computer (medium)" ("computer 2 (easy)" where several play), else "player N".
export function playerNames(table) {
  const computers = table.seats.filter((s) => s.kind === "agent").map((s) => s.seat);
  return table.seats.map((s) => {
    if (s.name) return s.name;
    if (s.kind !== "agent") return seatName(s.seat);
    const level = s.level ? LEVELS[s.level] ?? s.level : null;
    if (computers.length > 1) {
      const n = computers.indexOf(s.seat) + 1;
      return level ? t("computer {n} ({level})", { n, level }) : t("computer {n}", { n });
    }
    return level ? t("computer ({level})", { level }) : t("computer");
  });
}

// How long a game takes people ("about 45–60 min", "30+ min"): `minutes` is the server's
// [least, most] (most null: no upper bound), or null when nothing is known ("").
export function minutesText(minutes) {
  if (!minutes) return "";
  const [least, most] = minutes;
  if (most === null) return t("{least}+ min", { least });
  if (least % 60 === 0 && most % 60 === 0) return t("about {least}–{most} h", { least: least / 60, most: most / 60 });
  return t("about {least}–{most} min", { least, most });
}

export function playLink(table, token) {
  return `${location.origin}/tables/${table}#token=${encodeURIComponent(token)}`;
}

export function hotseatLink(table, tokens) {
  const pairs = Object.entries(tokens).map(([seat, token]) => `${seat}:${token}`);
  return `${location.origin}/tables/${table}#hotseat=${encodeURIComponent(pairs.join(","))}`;
}
