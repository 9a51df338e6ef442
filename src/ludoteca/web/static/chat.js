// Table chat on the play and replay pages: lines as text only (never markup), the newest
// at the bottom; a person's seat writes (at most 300 characters, a few lines a moment) and
// may keep the chat to the table's people (then spectators and the replay see none).
import { api, el } from "./api.js";
import { dateTime } from "./i18n.js";

const $ = (id) => document.getElementById(id);

// `who(seat, line)` names a line's writer; `token` is the page's seat token (null: reads only).
export function setUpChat(tableId, { token = null, who }) {
  const list = $("chat-lines");
  const shown = new Set();
  const add = (line) => {
    if (shown.has(line.number)) return; // a line read and also sent by the socket
    shown.add(line.number);
    const when = dateTime(line.at, { hour: "2-digit", minute: "2-digit" }); // the page's language
    list.append(el("li", { "data-number": line.number }, el("strong", {}, who(line.seat, line)),
      " ", el("span", { class: "muted" }, when), el("br"), line.text));
    list.scrollTop = list.scrollHeight;
  };
  const showHidden = (hidden) => {
    $("chat-hidden-note").hidden = !hidden;
    $("chat-hide").hidden = hidden || !token;
  };
  api(`/api/tables/${tableId}/chat`, { token }).then((answer) => {
    answer.lines.forEach(add);
    showHidden(answer.hidden);
    $("chat").hidden = !token && answer.hidden; // nothing a spectator may read
  }, () => {});
  const form = $("chat-form");
  form.hidden = !token;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const input = $("chat-input");
    try {
      add(await api(`/api/tables/${tableId}/chat`, { method: "POST", token, body: { text: input.value } }));
      input.value = "";
      $("chat-error").textContent = "";
    } catch (error) {
      $("chat-error").textContent = error.message;
    }
  });
  $("chat-hide").addEventListener("click", async () => {
    try {
      await api(`/api/tables/${tableId}/chat/hide`, { method: "POST", token });
      showHidden(true);
    } catch (error) {
      $("chat-error").textContent = error.message;
    }
  });
  return add; // the page hands it the lines its socket receives
}
