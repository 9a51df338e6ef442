// The organizer's "played on the site" panel (issue 45): the game the event's tables are
// played at (or over the board), registration with a cap and a deadline, check-in.
import { api, el } from "./api.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

function localTime(iso) { // "2026-12-01T18:00" in this browser's time zone
  if (!iso) return "";
  const moment = new Date(iso);
  return new Date(moment.getTime() - moment.getTimezoneOffset() * 60000).toISOString().slice(0, 16);
}

function show(hosting) {
  const form = $("hosting-form");
  form.elements.game.value = hosting.game ?? "";
  form.elements.registering.checked = hosting.registering;
  form.elements.cap.value = hosting.cap ?? "";
  form.elements.deadline.value = localTime(hosting.deadline);
  form.elements.checking_in.checked = hosting.checking_in;
  $("hosting-count").textContent = t("{count} registered with their accounts", { count: hosting.registered });
}

export async function initHosting(eventId, keyOf) {
  const form = $("hosting-form");
  const { ladders } = await api("/api/ladders");
  for (const line of ladders.filter((l) => l.ladder.endsWith("/duel"))) {
    form.elements.game.append(el("option", { value: line.game }, line.title));
  }
  const hosting = await api(`/api/events/${eventId}/hosting`).catch(() => null);
  if (hosting) show(hosting);
  $("hosting-link").value = `${location.origin}/events/${eventId}`;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    $("hosting-message").textContent = "";
    const body = {
      game: form.elements.game.value || null,
      registering: form.elements.registering.checked,
      cap: form.elements.cap.value ? Number(form.elements.cap.value) : null,
      deadline: form.elements.deadline.value ? new Date(form.elements.deadline.value).toISOString() : null,
      checking_in: form.elements.checking_in.checked,
    };
    try {
      show(await api(`/api/events/${eventId}/hosting`, { method: "PUT", body, token: keyOf() }));
      $("hosting-message").textContent = t("Saved.");
    } catch (error) {
      $("hosting-message").replaceChildren(el("span", { class: "error" }, error.message));
    }
  });
}
