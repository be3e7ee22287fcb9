// The linked app's read-only data laid out by kind. The linker writes each constant where the
// function using it was compiled, so tables of addresses, other binary data, English and Chinese
// alternate every few bytes and gzip codes each block for the mix. Written instead kind after kind
// (the binary data that holds addresses, such as vtables and arrays of `&str`; the other binary
// data; the text that is not ASCII; the ASCII text), each kind in the linker's order, the app's
// main module is smaller once compressed; that order measured best of those tried
// (docs/size-budget.md).
//
// This runs on the linked module (`--emit-relocs`, build.rs), before it is split: its linking
// section gives every data symbol's offset and size, and its relocation sections say where the
// code and the data hold a symbol's address. A symbol (or a run of symbols that overlap) moves as
// one piece; every address of it that the code, the data or a global holds is written again, in
// place and in as many bytes, and the symbol table and the data's relocations follow, so the split
// tool reads the module as if the linker had written it so.
//
// Text may move to any address (a string's bytes have no alignment); other data keeps an address
// that is a multiple of the largest power of two (up to 8) that divided its old one, which its
// type's alignment divides. Anything unexpected (an address relocated in another way, bytes
// between symbols that are not padding, a layout longer than the linker's) leaves the module as
// it was, and says why. Before returning, it checks every symbol's bytes and every address.
import { leb, Reader } from "./wasm-sizes.mjs";

const CUSTOM = 0;
const GLOBAL = 6;
const DATA = 11;
// Symbol table entries (tool-conventions/Linking.md).
const SEGMENT_INFO = 5;
const SYMTAB = 8;
const SYMBOL_DATA = 1;
const SYMBOL_SECTION = 3;
const UNDEFINED = 0x10;
const EXPLICIT_NAME = 0x40;
// Relocation types (tool-conventions/Linking.md): the three a 32-bit module's addresses come in,
// which this rewrites; the other memory addresses (relative, 64-bit, thread-local), which make it
// leave the module alone; and those whose entry carries an addend.
const MEMORY_ADDR_LEB = 3;
const MEMORY_ADDR_SLEB = 4;
const MEMORY_ADDR_I32 = 5;
const MEMORY = new Set([MEMORY_ADDR_LEB, MEMORY_ADDR_SLEB, MEMORY_ADDR_I32]);
const OTHER_MEMORY = new Set([11, 14, 15, 16, 17, 21, 23, 25]);
const WITH_ADDEND = new Set([...MEMORY, ...OTHER_MEMORY, 8, 9, 22]);
const UTF8 = new TextDecoder("utf-8", { fatal: true });
// The kinds of piece, in the order they are written.
const ORDER = ["addresses", "data", "text", "ascii"];

/** The module in `bytes` with its read-only data laid out by kind: `{ bytes, why }`, `why` saying
 * why the module was left as it was, if it was. */
export function layOutData(bytes) {
  try {
    return { bytes: laidOutModule(bytes), why: null };
  } catch (error) {
    if (!(error instanceof Unexpected)) throw error;
    return { bytes, why: error.message };
  }
}

class Unexpected extends Error {}

function expect(condition, what) {
  if (!condition) throw new Unexpected(what);
}

function laidOutModule(bytes) {
  const sections = readSections(bytes);
  const section = (id, name) => sections.find((s) => s.id === id && s.name === name);
  const linking = section(CUSTOM, "linking");
  const data = section(DATA, null);
  expect(linking && data, "the module has no linking section or no data");
  const rodata = readSegments(bytes, data)[0];
  const symbols = readSymbols(bytes, linking);
  const pieces = piecesOf(bytes, rodata, symbols.filter((s) => s.segment === 0));
  const pieceAt = pieceFinder(pieces);
  const dataRelocs = section(CUSTOM, "reloc.DATA");
  const inData = relocations(bytes, dataRelocs);
  // Binary data holding an address (a vtable, an array of `&str`) is a kind of its own.
  for (const reloc of inData) {
    const piece = pieceAt(data.payload + reloc.offset - rodata.at);
    if (piece?.kind === "data") piece.kind = "addresses";
  }
  expect(laidOut(pieces, rodata.size), "the data laid out would be longer than the linker's");
  const out = Uint8Array.from(bytes);
  const content = new Uint8Array(rodata.size);
  for (const piece of pieces) content.set(bytes.subarray(rodata.at + piece.start, rodata.at + piece.end), piece.to);
  out.set(content, rodata.at);
  const moved = { rodata, pieceAt, symbols };
  rewriteCode(bytes, out, sections, relocations(bytes, section(CUSTOM, "reloc.CODE")), moved);
  const entries = rewriteData(bytes, out, data, inData, moved);
  rewriteGlobals(bytes, out, section(GLOBAL, null), moved);
  // The symbol table and the data's relocations, written again: their numbers' lengths change.
  const replaced = new Map([[linking, rewriteSymbols(bytes, linking, symbols)]]);
  if (dataRelocs) replaced.set(dataRelocs, encodeRelocations(bytes, dataRelocs, entries));
  const result = replaceSections(out, sections, replaced);
  check(bytes, result);
  return result;
}

/** The new address of the data symbol `symbol` plus `addend`, given `rodata` (the segment) and
 * its pieces laid out. */
function newAddress({ rodata }, symbol, addend) {
  const piece = symbol.piece;
  return rodata.base + symbol.offset + (piece ? piece.to - piece.start : 0) + addend;
}

/** Writes the code's addresses of the segment's symbols again (`relocs`: the code's relocations). */
function rewriteCode(bytes, out, sections, relocs, moved) {
  for (const reloc of relocs) {
    if (!MEMORY.has(reloc.type)) {
      expect(!OTHER_MEMORY.has(reloc.type), `a relocation of type ${reloc.type} in the code`);
      continue;
    }
    const symbol = moved.symbols.byIndex[reloc.index];
    if (symbol.segment !== 0) continue;
    const at = sections[reloc.target].payload + reloc.offset;
    writeAddress(out, at, reloc.type, newAddress(moved, symbol, reloc.addend), bytes);
  }
}

/** Writes the data's addresses of the segment's symbols again, where their pieces put them, and
 * returns the data's relocations (`relocs`) at their new offsets, in order. */
function rewriteData(bytes, out, data, relocs, moved) {
  const { rodata, pieceAt, symbols } = moved;
  const entries = [];
  for (const reloc of relocs) {
    expect(!OTHER_MEMORY.has(reloc.type), `a relocation of type ${reloc.type} in the data`);
    const position = data.payload + reloc.offset;
    let to = position;
    if (position >= rodata.at && position < rodata.at + rodata.size) {
      const piece = pieceAt(position - rodata.at);
      expect(piece, "a relocation in the data between symbols");
      to = rodata.at + piece.to + (position - rodata.at - piece.start);
    }
    const symbol = symbols.byIndex[reloc.index];
    if (MEMORY.has(reloc.type) && symbol.segment === 0) {
      writeAddress(out, to, reloc.type, newAddress(moved, symbol, reloc.addend), bytes);
    }
    entries.push({ ...reloc, offset: to - data.payload });
  }
  return entries.sort((a, b) => a.offset - b.offset);
}

/** Writes again the value of each global that is an address in the segment (the split tool's
 * marker): no relocation names it. */
function rewriteGlobals(bytes, out, globals, { rodata, pieceAt }) {
  if (!globals) return;
  const r = new Reader(bytes, globals.payload);
  for (let n = r.u32(), i = 0; i < n; i++) {
    r.at += 2; // value type, mutability
    expect(bytes[r.at] === 0x41, "a global not set by i32.const");
    const at = ++r.at;
    const value = r.s32();
    const length = r.at - at;
    expect(bytes[r.at++] === 0x0b, "a global set by more than one constant");
    const offset = value - rodata.base;
    if (offset < 0 || offset >= rodata.size) continue;
    const piece = pieceAt(offset);
    expect(piece, "a global's address between symbols");
    writePadded(out, at, length, rodata.base + piece.to + (offset - piece.start), true);
  }
}

/** The module's sections: id, custom name, where the section (`start`, its id byte), its payload
 * (`payload`, after a custom section's name) and its end are. */
function readSections(bytes) {
  const r = new Reader(bytes, 8);
  const sections = [];
  while (r.at < bytes.length) {
    const start = r.at;
    const id = bytes[r.at++];
    const size = r.u32();
    const body = r.at;
    const end = body + size;
    let name = null;
    if (id === CUSTOM) {
      const n = new Reader(bytes, body);
      name = n.name();
      r.at = n.at;
    }
    sections.push({ id, name, start, body, payload: id === CUSTOM ? r.at : body, end });
    r.at = end;
  }
  return sections;
}

/** The data section's active segments: their address (`base`), where their bytes are (`at`) and
 * how many. */
function readSegments(bytes, data) {
  const r = new Reader(bytes, data.payload);
  const segments = [];
  for (let n = r.u32(), i = 0; i < n; i++) {
    expect(r.u32() === 0 && bytes[r.at] === 0x41, "a data segment not at a constant address");
    r.at++;
    const base = r.s32();
    expect(bytes[r.at++] === 0x0b, "a data segment's address not one constant");
    const size = r.u32();
    segments.push({ base, at: r.at, size });
    r.at += size;
  }
  return segments;
}

/** The linking section's symbols (`byIndex`), and its data symbols as an array: name, segment,
 * offset, size, and where the offset's number is written (`offsetAt`, `offsetLength`). */
function readSymbols(bytes, linking) {
  const r = new Reader(bytes, linking.payload);
  expect(r.u32() === 2, "a linking section of another version");
  const data = [];
  data.byIndex = [];
  while (r.at < linking.end) {
    const start = r.at;
    const type = bytes[r.at++];
    const length = r.u32();
    const end = r.at + length;
    if (type === SEGMENT_INFO) {
      r.u32();
      data.firstSegment = r.name();
    } else if (type === SYMTAB) {
      data.table = { at: start, end };
      for (let n = r.u32(), i = 0; i < n; i++) {
        const kind = bytes[r.at++];
        const flags = r.u32();
        const symbol = { kind };
        if (kind === SYMBOL_DATA) {
          symbol.name = r.name();
          if (!(flags & UNDEFINED)) {
            symbol.segment = r.u32();
            symbol.offsetAt = r.at;
            symbol.offset = r.u32();
            symbol.offsetLength = r.at - symbol.offsetAt;
            symbol.size = r.u32();
            data.push(symbol);
          }
        } else if (kind === SYMBOL_SECTION) {
          r.u32();
        } else {
          r.u32();
          if (!(flags & UNDEFINED) || flags & EXPLICIT_NAME) r.name();
        }
        data.byIndex.push(symbol);
      }
    }
    r.at = end;
  }
  expect(data.table, "no symbol table");
  expect(data.firstSegment === ".rodata", "the first data segment is not the read-only data");
  return data;
}

/** The segment's symbols as pieces (runs of overlapping symbols), in the linker's order, each
 * with its kind: "ascii" or "text" when its bytes are printable text, else "data". */
function piecesOf(bytes, segment, symbols) {
  const sorted = [...symbols].sort((a, b) => a.offset - b.offset || b.size - a.size);
  const pieces = [];
  for (const symbol of sorted) {
    const last = pieces[pieces.length - 1];
    if (last && (symbol.offset < last.end || (symbol.size === 0 && symbol.offset === last.end))) {
      last.end = Math.max(last.end, symbol.offset + symbol.size);
      last.symbols.push(symbol);
    } else {
      pieces.push({ start: symbol.offset, end: symbol.offset + symbol.size, symbols: [symbol] });
    }
  }
  let covered = 0;
  for (const piece of pieces) {
    for (let i = covered; i < piece.start; i++) {
      expect(bytes[segment.at + i] === 0, `data between symbols at offset ${i}`);
    }
    covered = piece.end;
    for (const symbol of piece.symbols) symbol.piece = piece;
    piece.kind = kindOf(bytes.subarray(segment.at + piece.start, segment.at + piece.end));
    piece.align = piece.kind === "data" ? Math.min(8, lowest(segment.base + piece.start)) : 1;
  }
  expect(covered <= segment.size, "a symbol past the segment's end");
  for (let i = covered; i < segment.size; i++) expect(bytes[segment.at + i] === 0, "data after the last symbol");
  return pieces;
}

/** The largest power of two dividing `address` (any for 0: 8 is the most asked). */
function lowest(address) {
  return address === 0 ? 8 : address & -address;
}

/** "ascii" or "text" when `bytes` are printable text (and so have no alignment), else "data"
 * (which `laidOutModule` calls "addresses" when it holds one). */
function kindOf(bytes) {
  if (bytes.length === 0) return "data";
  let text;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return "data";
  }
  // Tabs and line ends are text; any other control character, or a zero, is not.
  if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(text)) return "data";
  return /^[\u0000-\u007f]*$/.test(text) ? "ascii" : "text";
}

/** Gives each piece its new offset (`to`), kind after kind ([`ORDER`]), each kind in the linker's
 * order and each piece at a multiple of its alignment. False when that would not fit in `size`
 * bytes. */
function laidOut(pieces, size) {
  let at = 0;
  for (const kind of ORDER) {
    for (const piece of pieces.filter((p) => p.kind === kind)) {
      at = Math.ceil(at / piece.align) * piece.align;
      piece.to = at;
      at += piece.end - piece.start;
    }
  }
  return at <= size;
}

/** A function from an offset in the segment to the piece holding it (or null). */
function pieceFinder(pieces) {
  return (offset) => {
    let lo = 0;
    let hi = pieces.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const piece = pieces[mid];
      if (offset < piece.start) hi = mid - 1;
      else if (offset >= piece.end) lo = mid + 1;
      else return piece;
    }
    return null;
  };
}

/** The relocation entries of the section `section` (if any): type, offset, symbol index, addend,
 * and the index of the section they apply to (`target`). */
function relocations(bytes, section) {
  if (!section) return [];
  const r = new Reader(bytes, section.payload);
  const target = r.u32();
  const entries = [];
  for (let n = r.u32(), i = 0; i < n; i++) {
    const type = bytes[r.at++];
    const offset = r.u32();
    const index = r.u32();
    const addend = WITH_ADDEND.has(type) ? r.s32() : 0;
    entries.push({ type, offset, index, addend, target });
  }
  return entries;
}

/** The body of the relocation section `section` (its name and target kept) with `entries`. */
function encodeRelocations(bytes, section, entries) {
  const out = [bytes.subarray(section.body, section.payload)];
  out.push(u32Bytes(new Reader(bytes, section.payload).u32()), u32Bytes(entries.length));
  for (const e of entries) {
    out.push(Uint8Array.of(e.type), u32Bytes(e.offset), u32Bytes(e.index));
    if (WITH_ADDEND.has(e.type)) out.push(s32Bytes(e.addend));
  }
  return Buffer.concat(out);
}

/** The linking section's body with each data symbol's new offset. */
function rewriteSymbols(bytes, linking, symbols) {
  const table = symbols.table;
  const r = new Reader(bytes, table.at + 1);
  const length = r.u32();
  const contentStart = r.at;
  const content = [];
  let copied = contentStart;
  for (const symbol of symbols) {
    content.push(bytes.subarray(copied, symbol.offsetAt));
    const piece = symbol.piece;
    content.push(u32Bytes(symbol.offset + (piece ? piece.to - piece.start : 0)));
    copied = symbol.offsetAt + symbol.offsetLength;
  }
  content.push(bytes.subarray(copied, contentStart + length));
  const body = Buffer.concat(content);
  return Buffer.concat([
    bytes.subarray(linking.body, table.at),
    Uint8Array.of(SYMTAB),
    u32Bytes(body.length),
    body,
    bytes.subarray(contentStart + length, linking.end),
  ]);
}

/** `bytes` with the custom sections in `replaced` (section → new body, name included). */
function replaceSections(bytes, sections, replaced) {
  const parts = [bytes.subarray(0, 8)];
  for (const s of sections) {
    const body = replaced.get(s);
    if (!body) {
      parts.push(bytes.subarray(s.start, s.end));
      continue;
    }
    parts.push(Uint8Array.of(s.id), u32Bytes(body.length), body);
  }
  return Buffer.concat(parts);
}

/** Writes the address `value` at `at` as the relocation of `type` wrote it: a 5-byte padded
 * LEB128 in the code, 4 bytes little-endian in the data. */
function writeAddress(out, at, type, value, original) {
  if (type === MEMORY_ADDR_I32) {
    new DataView(out.buffer, out.byteOffset).setUint32(at, value, true);
    return;
  }
  let length = 1;
  while (original[at + length - 1] & 0x80) length++;
  expect(length === 5, "an address in the code not written in five bytes");
  writePadded(out, at, length, value, type === MEMORY_ADDR_SLEB);
}

/** Writes `value` as a LEB128 number of exactly `length` bytes. */
function writePadded(out, at, length, value, signed) {
  expect(value >= 0 && value < 2 ** (7 * length - (signed ? 1 : 0)), "an address too large for its bytes");
  for (let i = 0; i < length; i++) {
    out[at + i] = (value & 0x7f) | (i < length - 1 ? 0x80 : 0);
    value = Math.floor(value / 128);
  }
}

/** `value` as an unsigned LEB128 number, in bytes. */
function u32Bytes(value) {
  return Uint8Array.from(leb(value));
}

/** `value` as a signed LEB128 number. */
function s32Bytes(value) {
  const out = [];
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    if ((value === 0 && !(byte & 0x40)) || (value === -1 && byte & 0x40)) {
      out.push(byte);
      return Uint8Array.from(out);
    }
    out.push(byte | 0x80);
  }
}

/** A check of the rewrite: every symbol of `before` has its bytes in `after` (but for the
 * addresses in them), and every address the code and the data hold is its symbol's new address
 * plus the same addend. */
function check(before, after) {
  const read = (bytes) => {
    const sections = readSections(bytes);
    const find = (id, name) => sections.find((s) => s.id === id && s.name === name);
    const data = find(DATA, null);
    const segments = readSegments(bytes, data);
    const symbols = readSymbols(bytes, find(CUSTOM, "linking"));
    const code = relocations(bytes, find(CUSTOM, "reloc.CODE"));
    const inData = relocations(bytes, find(CUSTOM, "reloc.DATA"));
    return { bytes, sections, data, segments, symbols, code, inData };
  };
  const a = read(before);
  const b = read(after);
  expect(a.inData.length === b.inData.length && a.code.length === b.code.length, "check: relocations lost");
  const address = (m, symbol, addend) => m.segments[symbol.segment].base + symbol.offset + addend;
  const rewritten = new Set();
  for (const reloc of b.inData) {
    if (reloc.type !== MEMORY_ADDR_I32) continue;
    const at = b.data.payload + reloc.offset;
    for (let i = 0; i < 4; i++) rewritten.add(at + i);
    const symbol = b.symbols.byIndex[reloc.index];
    if (symbol.segment === undefined) continue;
    const value = new DataView(b.bytes.buffer, b.bytes.byteOffset).getUint32(at, true);
    expect(value === address(b, symbol, reloc.addend), "check: an address in the data is not its symbol's");
  }
  a.symbols.forEach((symbol, i) => {
    const other = b.symbols[i];
    expect(other.name === symbol.name && other.size === symbol.size, "check: a symbol changed");
    const from = a.segments[symbol.segment].at + symbol.offset;
    const to = b.segments[other.segment].at + other.offset;
    for (let k = 0; k < symbol.size; k++) {
      if (!rewritten.has(to + k)) expect(a.bytes[from + k] === b.bytes[to + k], `check: the bytes of ${symbol.name} changed`);
    }
  });
  b.code.forEach((reloc) => {
    if (reloc.type !== MEMORY_ADDR_LEB && reloc.type !== MEMORY_ADDR_SLEB) return;
    const symbol = b.symbols.byIndex[reloc.index];
    if (symbol.segment === undefined) return;
    const r = new Reader(b.bytes, b.sections[reloc.target].payload + reloc.offset);
    const value = reloc.type === MEMORY_ADDR_SLEB ? r.s32() : r.u32();
    expect(value === address(b, symbol, reloc.addend), "check: an address in the code is not its symbol's");
  });
}
