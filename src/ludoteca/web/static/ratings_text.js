// A rating in the reader's words: "1563 ± 80" ("1563? ± 180" while it is not settled),
// without a thousands separator, as rating lists write them.
import { t } from "./i18n.js";

export function ratingText(rating) {
  const value = rating.provisional ? `${rating.rating}?` : `${rating.rating}`;
  return t("{rating} ± {deviation}", { rating: value, deviation: String(rating.deviation) });
}

// A ladder's name: "Toinc · two players".
export function ladderName(line) {
  return `${line.title} · ${line.kind}`;
}
