// A game's options as form inputs, read back as the API's `options` object: the lobby's
// new table and the organizer's "played on the site" both ask for them this way.
import { el } from "./api.js";
import { t } from "./i18n.js";

// A file option (a deck, a roster): the game's default, a preset it ships, or a file of
// the player's own, sent as its content (the server never reads a path).
function fileInput(option, id, uploads, onChange) {
  const select = el("select", { id, name: option.name });
  select.append(el("option", { value: "" }, t("default")));
  for (const choice of option.choices || []) select.append(el("option", { value: choice }, choice));
  select.append(el("option", { value: "upload" }, t("my own file…")));
  const picker = el("input", { type: "file", id: `${id}-file`, hidden: true, accept: ".toml,.json,.txt" });
  select.addEventListener("change", () => {
    picker.hidden = select.value !== "upload";
    if (select.value !== "upload") delete uploads[option.name];
    else if (!uploads[option.name]) picker.click();
    onChange();
  });
  picker.addEventListener("change", async () => {
    const file = picker.files[0];
    if (!file) return;
    uploads[option.name] = { name: file.name.slice(0, 100), content: await file.text() };
    onChange();
  });
  return [select, picker];
}

function optionInput(option, id, uploads, onChange) {
  if (option.kind === "file") return optionLabel(option, ...fileInput(option, id, uploads, onChange));
  let input;
  if (option.choices) {
    input = el("select", { id, name: option.name });
    for (const choice of option.choices) {
      input.append(el("option", { value: choice, selected: choice === option.default },
        option.choice_labels?.[choice] ?? choice));
    }
  } else if (option.kind === "bool") {
    input = el("input", { id, name: option.name, type: "checkbox", checked: option.default });
  } else if (option.kind === "int") {
    input = el("input", {
      id, name: option.name, type: "number", value: option.default,
      min: option.minimum, max: option.maximum,
    });
  } else {
    input = el("input", { id, name: option.name, type: "text", value: option.default ?? "" });
  }
  input.addEventListener("change", onChange);
  return optionLabel(option, input);
}

// An option in words: its label, the input, and what it does underneath.
function optionLabel(option, ...inputs) {
  return el("label", { "data-option": option.name }, el("strong", {}, option.label), " ",
    ...inputs, el("span", { class: "option-help" }, option.help));
}

// Fill `box` (a fieldset) with `game`'s options, each input's id `prefix` + its name; the
// usual choices first, data files, limits and rare variants folded away. `onChange` runs
// when one changes. Returns the function that reads them as the API's `options`.
export function optionsForm(box, game, { prefix = "opt-", onChange = () => {}, leave = [] } = {}) {
  const uploads = {}; // file options: option name -> {name, content} read from the chosen file
  const shown = game.options.filter((option) => !leave.includes(option.name));
  box.replaceChildren(el("legend", {}, t("Options")));
  const more = el("details", { class: "advanced" }, el("summary", {}, t("More options")));
  for (const option of shown) {
    (option.advanced ? more : box).append(optionInput(option, prefix + option.name, uploads, onChange));
  }
  if (more.children.length > 1) box.append(more);
  if (!shown.length) box.append(el("p", { class: "muted" }, t("This game has no options.")));
  return () => {
    const options = {};
    for (const option of shown) {
      const input = document.getElementById(prefix + option.name);
      if (option.kind === "file") {
        if (input.value === "upload") {
          if (uploads[option.name]) options[option.name] = uploads[option.name];
        } else if (input.value !== "") options[option.name] = input.value;
      } else if (option.kind === "bool") options[option.name] = input.checked;
      else if (option.kind === "int") options[option.name] = Number(input.value);
      else if (input.value !== "" || option.default !== null) options[option.name] = input.value;
    }
    return options;
  };
}
