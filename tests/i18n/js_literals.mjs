// Untranslated text in ES modules: every string a page would show a person that does not
// go through `t(...)`; and every message given to `t`. Prints JSON:
// {untranslated: [{file, line, text, why}], messages: [{file, line, text}],
//  logIds: [{file, line, text}]} (the log's message ids a board looks for: `ids(...)`).
//
//   node tests/i18n/js_literals.mjs FILE...
//
// A string is text for people when it has two words in a row (`"Your move"`), or when it
// lands where people read it: a child of `el(...)`, `textContent`, `title`, `label`,
// `placeholder`, `aria-label`, `alt`. Strings that name things for the code are skipped:
// import paths, property keys, selectors and other arguments of DOM calls, comparisons.
import { readFileSync } from "node:fs";
import { parse } from "acorn";
import { ancestor } from "acorn-walk";

const TECHNICAL_CALLS = new Set([
  "querySelector", "querySelectorAll", "closest", "matches", "getElementById",
  "getAttribute", "removeAttribute", "hasAttribute", "toggleAttribute", "addEventListener",
  "removeEventListener", "createElement", "createElementNS", "add", "remove", "toggle",
  "contains", "getItem", "setItem", "removeItem", "fetch", "api", "startsWith", "endsWith",
  "split", "includes", "indexOf", "lastIndexOf", "replace", "replaceAll", "join", "has",
  "get", "delete", "URL", "WebSocket", "matchMedia", "Error", "parse", "dispatchEvent",
  "CustomEvent", "Event", "getPropertyValue", "setProperty", "postMessage", "assign",
  "Intl", "DateTimeFormat", "NumberFormat", "animate", "insertAdjacentHTML", "locator",
  "padStart", "padEnd", "toLocaleString", "import", "test", "exec", "match", "RegExp",
  "ids", // boards/log.js: message ids the board looks for in the log, not text it shows
]);
const PEOPLE_ATTRIBUTES = new Set([
  "title", "label", "placeholder", "aria-label", "alt", "aria-valuetext",
  "aria-roledescription", "aria-description",
]);
const PEOPLE_PROPERTIES = new Set([
  "textContent", "innerText", "title", "placeholder", "label", "alt", "ariaLabel",
]);
const TWO_WORDS = /[A-Za-zÀ-ÿ]{2,}[,;:!?]? [A-Za-zÀ-ÿ]{2,}/;
const A_WORD = /[A-Za-zÀ-ÿ]{2,}/;

function calleeName(call) {
  const callee = call.callee;
  if (callee.type === "Identifier") return callee.name;
  if (callee.type === "MemberExpression" && !callee.computed) return callee.property.name;
  return null;
}

function propertyKey(property) {
  if (property.computed) return null;
  return property.key.type === "Identifier" ? property.key.name : String(property.key.value);
}

// Why this string is text for people, or null if the code only uses it as a name.
function judge(node, ancestors, text) {
  let sink = false;
  let child = node;
  for (let i = ancestors.length - 2; i >= 0; i--) {
    const parent = ancestors[i];
    switch (parent.type) {
      case "ImportDeclaration": case "ExportNamedDeclaration": case "ExportAllDeclaration":
      case "ImportExpression": case "SwitchCase":
        return null;
      case "MemberExpression":
        if (parent.property === child) return null; // obj["key"]
        break;
      case "Property":
        if (parent.key === child) return null;
        {
          const key = propertyKey(parent);
          if (key !== null && PEOPLE_ATTRIBUTES.has(key)) sink = true;
          else if (key !== null && /^(class|id|type|name|value|href|src|role|target|rel|download|autocomplete|inputmode|data-|aria-|style|d$|fill|stroke|transform|font|text-anchor|points|pointer-events)/.test(key)) return null;
        }
        break;
      case "BinaryExpression":
        if (["===", "!==", "==", "!=", "in", "instanceof"].includes(parent.operator)) return null;
        break;
      case "AssignmentExpression":
        if (parent.right === child && parent.left.type === "MemberExpression") {
          const name = parent.left.property.name ?? parent.left.property.value;
          if (PEOPLE_PROPERTIES.has(name)) sink = true;
          else if (["className", "id", "href", "src", "value", "hash", "cookie"].includes(name)) return null;
        }
        break;
      case "CallExpression": case "NewExpression": {
        const name = calleeName(parent);
        if (parent.callee === child) return null;
        const index = parent.arguments.indexOf(child);
        if (name === "t") return index === 0 ? null : "an argument of t() is shown untranslated";
        if (name === "el" || name === "svg" || name === "text" || name === "node") {
          if (index === 0) return null; // the tag
          if (index >= 2) sink = true; // a child: shown
        }
        // The boards' helpers: label(x, y, text, attributes), button(x, y, text, ...).
        if ((name === "label" || name === "button") && index === 2) sink = true;
        if (name === "titled" && index === 1) sink = true; // an SVG element's <title>
        if (name === "setAttribute") {
          if (index === 0) return null;
          const attribute = parent.arguments[0];
          if (attribute.type === "Literal" && PEOPLE_ATTRIBUTES.has(attribute.value)) sink = true;
          else return null;
        }
        if (name !== null && TECHNICAL_CALLS.has(name) && !sink) return null;
        break;
      }
      default:
        break;
    }
    if (sink) break;
    child = parent;
  }
  if (!/\s/.test(text) && text.includes("/")) return null; // an address
  if (TWO_WORDS.test(text)) return sink ? "shown to people" : "reads as words";
  if (sink && A_WORD.test(text)) return "shown to people";
  return null;
}

const found = [];
const messages = []; // every t("...") message id, to check that Babel extracted each
const logIds = []; // every ids("...") a board looks for in a game's log
for (const file of process.argv.slice(2)) {
  const source = readFileSync(file, "utf8");
  const tree = parse(source, { ecmaVersion: "latest", sourceType: "module", locations: true });
  const visit = (node, ancestors, text) => {
    const why = judge(node, ancestors, text);
    if (why) found.push({ file, line: node.loc.start.line, text, why });
  };
  ancestor(tree, {
    CallExpression(node) {
      const [first] = node.arguments;
      if (calleeName(node) === "t" && node.callee.type === "Identifier" && first?.type === "Literal") {
        messages.push({ file, line: node.loc.start.line, text: first.value });
      }
      if (calleeName(node) === "ids" && node.callee.type === "Identifier") {
        for (const id of node.arguments) {
          if (id.type === "Literal") logIds.push({ file, line: node.loc.start.line, text: id.value });
        }
      }
    },
    Literal(node, _state, ancestors) {
      if (typeof node.value === "string") visit(node, ancestors, node.value);
    },
    TemplateLiteral(node, _state, ancestors) {
      const text = node.quasis.map((quasi) => quasi.value.cooked).join("{}");
      if (ancestors.at(-2)?.type === "TaggedTemplateExpression") return;
      visit(node, ancestors, text);
    },
  });
}
process.stdout.write(JSON.stringify({ untranslated: found, messages, logIds }, null, 1));
