// What a wasm module is made of: its sections' sizes, its largest functions (by the names the linker
// writes, which the release build strips later) and the bytes of code each crate contributes.
// Usage: node scripts/wasm-sizes.mjs <module.wasm> [functions]
// scripts/bench.mjs prints this for the app's and the first-answer module's wasm before wasm-bindgen
// and wasm-opt (`target/wasm32-unknown-unknown/release/`), the last build that still has names.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const SECTIONS = ["custom", "type", "import", "function", "table", "memory", "global", "export", "start", "element", "code", "data", "data count"];

const UTF8 = new TextDecoder();

/** A reader of the binary format's unsigned LEB128 numbers and names. */
class Reader {
  constructor(bytes, at = 0) {
    this.bytes = bytes;
    this.at = at;
  }
  u32() {
    let value = 0;
    let shift = 0;
    for (;;) {
      const byte = this.bytes[this.at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
      shift += 7;
    }
  }
  name() {
    const length = this.u32();
    const text = UTF8.decode(this.bytes.subarray(this.at, this.at + length));
    this.at += length;
    return text;
  }
}

/** Sections (id, name, size) and functions (name, body size) of the module in `bytes`. */
export function wasmSizes(bytes) {
  const r = new Reader(bytes, 8);
  const sections = [];
  const bodies = [];
  let imported = 0;
  const names = new Map();
  while (r.at < bytes.length) {
    const id = bytes[r.at++];
    const size = r.u32();
    const start = r.at;
    const body = new Reader(bytes, start);
    let name = SECTIONS[id] ?? `section ${id}`;
    if (id === 0) {
      name = `custom "${body.name()}"`;
      if (name === 'custom "name"') readNames(body, start + size, names);
    } else if (id === 2) {
      for (let n = body.u32(), i = 0; i < n; i++) {
        body.name();
        body.name();
        const kind = bytes[body.at++];
        if (kind === 0) imported++;
        skipImport(body, kind);
      }
    } else if (id === 10) {
      for (let n = body.u32(), i = 0; i < n; i++) {
        const length = body.u32();
        bodies.push(length);
        body.at += length;
      }
    }
    sections.push({ name, size });
    r.at = start + size;
  }
  const functions = bodies.map((size, i) => ({ name: demangle(names.get(imported + i) ?? `function ${imported + i}`), size }));
  return { sections, functions };
}

function skipImport(r, kind) {
  if (kind === 0) r.u32(); // a function's type
  else if (kind === 1) {
    r.at++; // a table's element type
    limits(r);
  } else if (kind === 2) limits(r);
  else if (kind === 3) r.at += 2; // a global's type and mutability
  else if (kind === 4) {
    r.at++; // a tag's attribute
    r.u32(); // and its type
  }
}

function limits(r) {
  const flags = r.bytes[r.at++];
  r.u32();
  if (flags & 1) r.u32();
}

function readNames(r, end, names) {
  while (r.at < end) {
    const kind = r.bytes[r.at++];
    const size = r.u32();
    const next = r.at + size;
    if (kind === 1) {
      for (let n = r.u32(), i = 0; i < n; i++) {
        const index = r.u32();
        names.set(index, r.name());
      }
    }
    r.at = next;
  }
}

/** A Rust symbol in the form people read: `_ZN…E` (legacy) names decoded, with their hash
 * dropped; a `_R…` (v0) name kept, behind its crate's name. Other names are kept. */
export function demangle(symbol) {
  if (symbol.startsWith("_ZN")) {
    const parts = [];
    let at = 3;
    while (at < symbol.length && symbol[at] !== "E") {
      const digits = /^\d+/.exec(symbol.slice(at));
      if (!digits) return symbol;
      at += digits[0].length;
      parts.push(symbol.slice(at, at + Number(digits[0])));
      at += Number(digits[0]);
    }
    if (/^h[0-9a-f]{16}$/.test(parts.at(-1) ?? "")) parts.pop();
    const escapes = { SP: "@", BP: "*", RF: "&", LT: "<", GT: ">", LP: "(", RP: ")", C: "," };
    return parts
      .map((p) =>
        p
          .replace(/^_\$/, "$")
          .replace(/\$(SP|BP|RF|LT|GT|LP|RP|C|u[0-9a-f]{2,6})\$/g, (_, e) =>
            e[0] === "u" ? String.fromCodePoint(parseInt(e.slice(1), 16)) : escapes[e],
          )
          .replaceAll("..", "::"),
      )
      .join("::");
  }
  if (symbol.startsWith("_R")) {
    // Crate roots are `C`, a disambiguator `s…_` and the name; the crate is what people look for.
    const crate = /C(?:s[0-9A-Za-z]*_)?(\d+)([A-Za-z_][A-Za-z0-9_]*)/.exec(symbol);
    return crate ? `${crate[2].slice(0, Number(crate[1]))}::${symbol}` : symbol;
  }
  return symbol;
}

/** The crate a function belongs to: the first segment of its path, looking through `<T as Trait>`
 * and references to the type's own crate. */
export function crateOf(name) {
  if (name.startsWith("__wbindgen_describe")) return "(descriptors, dropped by wasm-bindgen)";
  // `<T as Trait>::f`, with T a generic parameter: the trait's crate.
  const path = name.replace(/^<[A-Z]\w* as /, "").replace(/^[<&]+/, "").replace(/^(mut |dyn )/, "");
  const m = path.match(/^([A-Za-z_][A-Za-z0-9_]*)::/);
  return m ? m[1] : "(other)";
}

/** The report: sections, the largest functions, and code bytes per crate. */
export function describe(bytes, top = 25) {
  const { sections, functions } = wasmSizes(bytes);
  const lines = [];
  const pad = (n) => String(n).padStart(9);
  lines.push(`${"section".padEnd(40)}${pad("bytes")}`);
  for (const s of sections) lines.push(`${s.name.slice(0, 40).padEnd(40)}${pad(s.size)}`);
  const crates = new Map();
  for (const f of functions) {
    const crate = crateOf(f.name);
    crates.set(crate, (crates.get(crate) ?? 0) + f.size);
  }
  lines.push("", `${"code by crate".padEnd(40)}${pad("bytes")}`);
  for (const [crate, size] of [...crates].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    lines.push(`${crate.slice(0, 40).padEnd(40)}${pad(size)}`);
  }
  lines.push("", `largest of ${functions.length} functions${" ".repeat(9)}bytes`);
  for (const f of [...functions].sort((a, b) => b.size - a.size).slice(0, top)) {
    lines.push(`${pad(f.size)}  ${f.name.length > 110 ? `${f.name.slice(0, 107)}...` : f.name}`);
  }
  return lines.join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, top] = process.argv.slice(2);
  if (!file) {
    console.error("usage: node scripts/wasm-sizes.mjs <module.wasm> [functions]");
    process.exit(2);
  }
  console.log(describe(readFileSync(file), Number(top ?? 25)));
}
