// touchdown board: the set-ups this browser remembers (localStorage): each seat's last one in
// each situation, to repeat it, and the formations the player saved by name. Bounded and
// checked on load: a damaged or foreign entry is dropped, never drawn.
const KEY = "ludoteca.touchdown.setups";
const SAVED = 8; // formations kept by situation (the oldest goes)
export const NAME_LENGTH = 40;
const ROLES = new Set(["A", "AB", "AE", "AQ", "AK", "D"]);
const SITUATIONS = new Set(["attack", "fieldgoal", "kick", "defence", "return"]);

const offset = (value) => Number.isInteger(value) && Math.abs(value) <= 40;

function validSlots(slots) {
  return Array.isArray(slots) && slots.length > 0 && slots.length <= 11 && slots.every((s) =>
    s && ROLES.has(s.role) && offset(s.dc) && offset(s.dr)
      && (s.pid === undefined || (typeof s.pid === "string" && /^[YW]\d{1,3}$/.test(s.pid))));
}

function load() {
  const empty = { last: {}, saved: {} };
  try {
    const data = JSON.parse(localStorage.getItem(KEY) ?? "null");
    if (!data || typeof data !== "object") return empty;
    const last = Object.fromEntries(Object.entries(data.last ?? {}).filter(([key, slots]) =>
      /^[01]:\w+$/.test(key) && SITUATIONS.has(key.slice(2)) && validSlots(slots)));
    const saved = Object.fromEntries(Object.entries(data.saved ?? {})
      .filter(([situation, list]) => SITUATIONS.has(situation) && Array.isArray(list))
      .map(([situation, list]) => [situation, list.filter((f) => f && typeof f.name === "string"
        && f.name.trim() && f.name.length <= NAME_LENGTH && validSlots(f.slots)).slice(-SAVED)]));
    return { last, saved };
  } catch {
    return empty;
  }
}

function store(data) {
  try {
    localStorage.setItem(KEY, JSON.stringify(data));
  } catch {
    // storage full or refused: the shortcut is simply not remembered
  }
}

// The last set-up `seat` made in `situation` here, or null.
export function lastSetup(seat, situation) {
  return load().last[`${seat}:${situation}`] ?? null;
}

export function rememberSetup(seat, situation, slots) {
  if (!SITUATIONS.has(situation) || !validSlots(slots)) return;
  const data = load();
  data.last[`${seat}:${situation}`] = slots;
  store(data);
}

// The player's own formations for `situation`: [{name, slots}].
export function savedFormations(situation) {
  return load().saved[situation] ?? [];
}

// Save `slots` as the player's formation `name` (a formation of that name is replaced).
export function saveFormation(situation, name, slots) {
  const clean = name.trim().slice(0, NAME_LENGTH);
  if (!clean || !SITUATIONS.has(situation) || !validSlots(slots)) return;
  const data = load();
  const list = (data.saved[situation] ?? []).filter((f) => f.name !== clean);
  list.push({ name: clean, slots: slots.map(({ role, dc, dr }) => ({ role, dc, dr })) });
  data.saved[situation] = list.slice(-SAVED);
  store(data);
}
