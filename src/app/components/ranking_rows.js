// Writes the ranking's rows into the row elements already in its table body, in one call from the
// app (src/app/components/ranking.rs). Each value the app passes crosses from wasm to JS once, in
// one string, and only what differs is written: a text node's data rather than a new node, so the
// browser neither parses markup nor restyles the rows, and lays out only the texts that changed.
// One call per DOM write from wasm cost more than the writes themselves.

/** The values of one row, in the order of crates/markup/src/ranking.rs `FIELDS`: first the row's
 * attributes, then its cells' texts (the provider's in its button, whose name comes before it). */
const FIELDS = 15;
const ATTRIBUTES = ["data-offer-id", "data-mode", "data-instances", "data-total", "data-hours"];

/**
 * Writes `fields` (each row's values in `FIELDS` order, every value ended by a NUL) into the rows
 * of `tbody`, which holds one row per `FIELDS` values, each as crates/markup/src/ranking.rs
 * writes one.
 */
export function writeRows(tbody, fields) {
  const v = fields.split("\0");
  let tr = tbody.firstElementChild;
  for (let i = 0; i + FIELDS <= v.length; i += FIELDS, tr = tr.nextElementSibling) {
    for (let k = 0; k < ATTRIBUTES.length; k++) setAttribute(tr, ATTRIBUTES[k], v[i + k]);
    const cells = tr.children;
    setText(cells[0], v[i + 5]);
    const button = cells[1].firstElementChild;
    setAttribute(button, "aria-label", v[i + 6]);
    setText(button, v[i + 7]);
    // The instance's name, a line break and its region.
    const name = cells[2].firstChild;
    if (name.nodeType === Node.TEXT_NODE) setData(name, v[i + 8]);
    else cells[2].prepend(v[i + 8]);
    setText(cells[2].lastElementChild, v[i + 9]);
    for (let k = 3; k < 8; k++) setText(cells[k], v[i + 7 + k]);
  }
}

function setAttribute(element, name, value) {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/** Makes `text` the text of `element`, which holds text only. */
function setText(element, text) {
  const node = element.firstChild;
  if (node !== null && node.nodeType === Node.TEXT_NODE && node.nextSibling === null) setData(node, text);
  else if (element.textContent !== text) element.textContent = text;
}

function setData(node, text) {
  if (node.data !== text) node.data = text;
}
