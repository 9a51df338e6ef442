// The move clock on the play page: each person's time, the running one counting down (from
// the server's time, so a device's wrong clock does not matter), and the time-outs.
import { api, el } from "./api.js";
import { t } from "./i18n.js";

let offset = 0; // server time - this device's time, in milliseconds
let current = null; // {clock, names}
let ticking = null;

function format(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, "0")}`;
}

function draw() {
  const box = document.getElementById("clocks");
  if (!current) return;
  const { clock, nameOf } = current;
  const now = Date.now() + offset;
  const items = Object.entries(clock.remaining).map(([seat, left]) => {
    const running = clock.running === Number(seat);
    const seconds = running ? left - (now - Date.parse(clock.since)) / 1000 : left;
    const outs = clock.timeouts.filter((entry) => entry.seat === Number(seat)).length;
    return el("li", { class: [running ? "running" : "", seconds < 30 ? "low" : ""].join(" ").trim() || null,
      "data-seat": seat },
      `${nameOf(Number(seat))} `, el("span", { class: "time" }, format(seconds)),
      outs ? el("span", { class: "muted" }, t(" · time ran out {count}×: the computer moved", { count: outs })) : null);
  });
  box.replaceChildren(el("span", { class: "muted" },
    t("Move clock: {minutes} min + {seconds} s a move", { minutes: clock.minutes, seconds: clock.increment })),
    el("ul", {}, ...items));
}

// Show `view`'s clock (none: the box hides); `nameOf(seat)` names a seat.
export function showClock(tableId, view, nameOf) {
  const box = document.getElementById("clocks");
  const clock = view.table.clock;
  box.hidden = !clock;
  if (!clock) return;
  if (current === null) {
    api(`/api/tables/${tableId}/clock`).then((fresh) => {
      offset = Date.parse(fresh.now) - Date.now();
      draw();
    }, () => {});
  }
  current = { clock, nameOf };
  draw();
  ticking ??= setInterval(draw, 250);
}
