// "Tell me when it is my move": when the turn comes back while the tab is hidden, a
// notification (if the player allowed them) and a short tone. The choice is kept.
const NOTIFY_KEY = "ludoteca.notify";

// The checkbox that turns it on and off (asking for the browser's permission once).
export function setUpNotify(checkbox) {
  checkbox.checked = localStorage.getItem(NOTIFY_KEY) === "on";
  checkbox.addEventListener("change", async () => {
    localStorage.setItem(NOTIFY_KEY, checkbox.checked ? "on" : "off");
    if (checkbox.checked && "Notification" in window && Notification.permission === "default") {
      await Notification.requestPermission();
    }
  });
}

// The turn came back while the player looks elsewhere: tell them (`tag`: one per table).
export function tellMyMove(title, body, tag) {
  if (localStorage.getItem(NOTIFY_KEY) !== "on" || !document.hidden) return;
  if ("Notification" in window && Notification.permission === "granted") {
    new Notification(title, { body, tag });
  }
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.35);
    tone.frequency.value = 660;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
  } catch {
    // no sound on this device
  }
}
