// What a wasm module is made of: its sections' sizes, its largest functions (by the names the linker
// writes, which the release build strips later), the bytes of code each crate contributes and the
// bytes that would go with it: its functions and those reachable only through them.
// Usage: node scripts/wasm-sizes.mjs <module.wasm> [functions]
// scripts/bench.mjs prints this for the app's main module before wasm-bindgen and wasm-opt
// (`target/wasm32-unknown-unknown/release/`), the last build that still has names.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const SECTIONS = ["custom", "type", "import", "function", "table", "memory", "global", "export", "start", "element", "code", "data", "data count"];

const UTF8 = new TextDecoder();

/** Unsigned LEB128, as the binary format writes sizes, counts and indices. */
export function leb(n) {
  const out = [];
  do {
    out.push((n & 0x7f) | (n >= 0x80 ? 0x80 : 0));
    n >>>= 7;
  } while (n > 0);
  return out;
}

/** A reader of the binary format's unsigned LEB128 numbers and names. */
export class Reader {
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
  /** A signed LEB128 number of up to 32 bits. */
  s32() {
    let value = 0;
    let shift = 0;
    let byte;
    do {
      byte = this.bytes[this.at++];
      value |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    return shift < 32 && byte & 0x40 ? value | (-1 << shift) : value;
  }
  name() {
    const length = this.u32();
    const text = UTF8.decode(this.bytes.subarray(this.at, this.at + length));
    this.at += length;
    return text;
  }
  /** Steps over a LEB128 number, signed or not. */
  skipLeb() {
    while (this.bytes[this.at++] & 0x80);
  }
}

/** Sections (id, name, size) and functions (name, body size, and the indices of the functions it
 * calls or takes the address of) of the module in `bytes`, and the indices of the functions it can
 * start from (`roots`): its exports but wasm-bindgen's descriptors, its start function, and every
 * function in a table, which an indirect call may reach from anywhere. Functions are indexed as in
 * the module: imports first. `unread` says why some function's calls could not be read, if so. */
export function wasmSizes(bytes) {
  const r = new Reader(bytes, 8);
  const sections = [];
  const bodies = [];
  let imported = 0;
  const names = new Map();
  const exported = [];
  const roots = new Set();
  // Why the calls of some function could not be read, if they could not.
  let unread = null;
  while (r.at < bytes.length) {
    const id = bytes[r.at++];
    const size = r.u32();
    const start = r.at;
    const end = start + size;
    const body = new Reader(bytes, start);
    let name = SECTIONS[id] ?? `section ${id}`;
    if (id === 0) {
      name = `custom "${body.name()}"`;
      if (name === 'custom "name"') readNames(body, end, names);
    } else if (id === 2) {
      for (let n = body.u32(), i = 0; i < n; i++) {
        body.name();
        body.name();
        const kind = bytes[body.at++];
        if (kind === 0) imported++;
        skipImport(body, kind);
      }
    } else if (id === 7) {
      for (let n = body.u32(), i = 0; i < n; i++) {
        const exportName = body.name();
        const kind = bytes[body.at++];
        const index = body.u32();
        if (kind === 0) exported.push([exportName, index]);
      }
    } else if (id === 8) {
      roots.add(body.u32());
    } else if (id === 9) {
      readElements(body, roots);
    } else if (id === 10) {
      for (let n = body.u32(), i = 0; i < n; i++) {
        const length = body.u32();
        let calls = [];
        try {
          calls = callees(bytes, body.at, body.at + length);
        } catch (error) {
          unread ??= error.message;
        }
        bodies.push({ size: length, calls });
        body.at += length;
      }
    }
    sections.push({ name, size });
    r.at = end;
  }
  for (const [exportName, index] of exported) {
    if (!exportName.startsWith("__wbindgen_describe")) roots.add(index);
  }
  const functions = bodies.map(({ size, calls }, i) => ({
    name: demangle(names.get(imported + i) ?? `function ${imported + i}`),
    size,
    calls,
  }));
  return { sections, functions, imported, roots, unread };
}

/** The functions an element section puts in tables, added to `roots`. */
function readElements(r, roots) {
  for (let n = r.u32(), i = 0; i < n; i++) {
    const flags = r.u32();
    // A declarative segment puts nothing in a table: it only allows `ref.func`, read as a call.
    const into = (flags & 3) === 3 ? new Set() : roots;
    if (flags & 2 && !(flags & 1)) r.u32(); // an explicit table
    if (!(flags & 1)) r.at = walk(r.bytes, r.at, r.bytes.length, into, true); // the offset in the table
    if (flags & 3) r.at++; // the element kind or reference type
    for (let m = r.u32(), j = 0; j < m; j++) {
      if (flags & 4) r.at = walk(r.bytes, r.at, r.bytes.length, into, true);
      else into.add(r.u32());
    }
  }
}

/** The functions the function body between `at` and `end` calls or takes the address of. */
function callees(bytes, at, end) {
  const r = new Reader(bytes, at);
  for (let n = r.u32(), i = 0; i < n; i++) {
    r.u32(); // how many locals
    r.at++; // of which type
  }
  const calls = new Set();
  walk(bytes, r.at, end, calls, false);
  return [...calls];
}

const VALUE_TYPES = new Set([0x40, 0x7f, 0x7e, 0x7d, 0x7c, 0x7b, 0x70, 0x6f]);

/** Reads the instructions from `at` (to `end`, or to the first `end` instruction of a constant
 * expression when `expression`), adding the functions called (`call`, `return_call`) or whose
 * address is taken (`ref.func`) to `calls`; returns where it stopped. Knows the instructions Rust
 * emits for wasm32 (the core set, sign extension, saturating conversions, bulk memory, reference
 * types, tail calls); any other stops it with an error rather than a wrong call graph. */
function walk(bytes, at, end, calls, expression) {
  const r = new Reader(bytes, at);
  while (r.at < end) {
    const op = bytes[r.at++];
    if (op === 0x0b && expression) return r.at;
    if (op === 0x10 || op === 0x12 || op === 0xd2) calls.add(r.u32());
    else if (op >= 0x02 && op <= 0x04) {
      if (VALUE_TYPES.has(bytes[r.at])) r.at++;
      else r.skipLeb(); // a block type given by its type index
    } else if (op === 0x0c || op === 0x0d || (op >= 0x20 && op <= 0x26) || op === 0x3f || op === 0x40) r.u32();
    else if (op === 0x0e) {
      for (let n = r.u32() + 1, i = 0; i < n; i++) r.u32();
    } else if (op === 0x11 || op === 0x13) {
      r.u32();
      r.u32();
    } else if (op === 0x1c) r.at += r.u32();
    else if (op >= 0x28 && op <= 0x3e) {
      if (r.u32() & 0x40) r.u32(); // the alignment, with a memory index when flagged
      r.u32(); // the offset
    } else if (op === 0x41 || op === 0x42) r.skipLeb();
    else if (op === 0x43) r.at += 4;
    else if (op === 0x44) r.at += 8;
    else if (op === 0xd0) r.at++;
    else if (op === 0xfc) {
      const sub = r.u32();
      const immediates = [0, 0, 0, 0, 0, 0, 0, 0, 2, 1, 2, 1, 2, 1, 2, 1, 1, 1][sub];
      if (immediates === undefined) throw new Error(`unknown instruction 0xfc ${sub} at ${r.at}`);
      for (let i = 0; i < immediates; i++) r.u32();
    } else if ((op >= 0x06 && op <= 0x0a) || (op >= 0x14 && op <= 0x19) || (op >= 0x1d && op <= 0x1f) || op === 0x27 || op >= 0xd3) {
      throw new Error(`unknown instruction 0x${op.toString(16)} at ${r.at - 1}`);
    }
  }
  return r.at;
}

/** The bytes of code reachable from the module's roots, and those that would no longer be if the
 * functions `gone` picks (by their place among the defined functions) were removed: theirs, and
 * those reachable only through them. */
export function retained({ functions, imported, roots }, gone) {
  const reach = (skip) => {
    const seen = new Uint8Array(functions.length);
    const stack = [...roots].map((f) => f - imported).filter((i) => i >= 0);
    let bytes = 0;
    while (stack.length) {
      const i = stack.pop();
      if (seen[i] || skip(i)) continue;
      seen[i] = 1;
      bytes += functions[i].size;
      for (const f of functions[i].calls) if (f >= imported) stack.push(f - imported);
    }
    return bytes;
  };
  const all = reach(() => false);
  return { reachable: all, retained: all - reach(gone) };
}

/** Steps `r` over the description of an import of `kind` (a function, table, memory, global or
 * tag), which follows its names. */
export function skipImport(r, kind) {
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

/** The report: sections, the largest functions, and code bytes per crate with what would go with
 * each. */
export function describe(bytes, top = 25) {
  const { sections, functions, imported, roots, unread } = wasmSizes(bytes);
  const lines = [];
  const pad = (n) => String(n).padStart(9);
  lines.push(`${"section".padEnd(40)}${pad("bytes")}`);
  for (const s of sections) lines.push(`${s.name.slice(0, 40).padEnd(40)}${pad(s.size)}`);
  const crates = new Map();
  for (const f of functions) {
    const crate = crateOf(f.name);
    crates.set(crate, (crates.get(crate) ?? 0) + f.size);
  }
  // What would go with a crate: its functions, and those no other code reaches. Functions in a
  // table (closures, trait objects) count as reachable from anywhere.
  const module = { functions, imported, roots };
  const crateIndex = functions.map((f) => crateOf(f.name));
  lines.push("", `${"code by crate".padEnd(40)}${pad("bytes")}${unread ? "" : pad("with it")}`);
  for (const [crate, size] of [...crates].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    const going = unread ? "" : pad(retained(module, (i) => crateIndex[i] === crate).retained);
    lines.push(`${crate.slice(0, 40).padEnd(40)}${pad(size)}${going}`);
  }
  if (unread) lines.push(`(what would go with each crate is not shown: ${unread})`);
  lines.push("", `largest of ${functions.length} functions${" ".repeat(9)}bytes`);
  for (const f of [...functions].sort((a, b) => b.size - a.size).slice(0, top)) {
    lines.push(`${pad(f.size)}  ${f.name.length > 110 ? `${f.name.slice(0, 107)}...` : f.name}`);
  }
  return lines.join("\n");
}

/** Where the section numbered `id` of the module `bytes` starts and ends (empty if none). */
function sectionRange(bytes, id) {
  const r = new Reader(bytes, 8);
  while (r.at < bytes.length) {
    const section = bytes[r.at++];
    const size = r.u32();
    if (section === id) return [r.at, r.at + size];
    r.at += size;
  }
  return [0, 0];
}

/** The Chinese text in the data of the module `bytes` (CJK characters and full-width
 * punctuation, as UTF-8), and the module's size (gzip -9) without it: every string is held in
 * both languages, and this is what a reader of one language downloads for the other, the most
 * that moving it out of the module could take off. */
export function chineseText(bytes) {
  const [start, end] = sectionRange(bytes, SECTIONS.indexOf("data"));
  const without = [];
  let at = 0;
  let chinese = 0;
  for (let i = start; i + 2 < end; ) {
    const [a, b, c] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const continuation = (b & 0xc0) === 0x80 && (c & 0xc0) === 0x80;
    // U+3000–U+9FFF (CJK symbols and punctuation, kana, ideographs) and U+FF00–U+FF5F (full width).
    if (continuation && ((a >= 0xe3 && a <= 0xe9) || (a === 0xef && (b === 0xbc || b === 0xbd)))) {
      without.push(bytes.subarray(at, i));
      chinese += 3;
      i += 3;
      at = i;
    } else i++;
  }
  without.push(bytes.subarray(at));
  return { bytes: chinese, gzipWithout: gzipSync(Buffer.concat(without), { level: 9 }).length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, top] = process.argv.slice(2);
  if (!file) {
    console.error("usage: node scripts/wasm-sizes.mjs <module.wasm> [functions]");
    process.exit(2);
  }
  console.log(describe(readFileSync(file), Number(top ?? 25)));
}
