// The build's layout of the app's read-only data (scripts/data-layout.mjs): binary data holding
// addresses, other binary data, text that is not ASCII, then ASCII, every address that the code,
// the data and the globals hold written again, on a module assembled by hand as the linker writes
// one with `--emit-relocs`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { layOutData } from "../../scripts/data-layout.mjs";
import { bytes, leb, name, section } from "./fixtures/wasm.mjs";

const BASE = 1024;

/** `n` as a LEB128 number padded to five bytes, as the linker writes a relocated address. */
const padded = (n) => [0, 1, 2, 3, 4].map((i) => ((n >> (7 * i)) & 0x7f) | (i < 4 ? 0x80 : 0));
const u32le = (n) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24];

/** The linker's order: "Hello" (0), "你好" (5), zeros to 16, the number 1 (16), zeros to 24,
 * a `&str` of "你好" (24: its address, then its length), "World" (32). `between` is the byte at
 * offset 12, padding when it is 0. */
function linked({ between = 0 } = {}) {
  const content = [
    ...bytes("Hello"),
    ...bytes("你好"),
    0, between, 0, 0, 0,
    ...u32le(1),
    0, 0, 0, 0,
    ...u32le(BASE + 5), ...u32le(6),
    ...bytes("World"),
  ];
  // The code: i32.const (the address of "你好" plus 1), drop, i32.const (that of "Hello").
  const body = [0, 0x41, ...padded(BASE + 5 + 1), 0x1a, 0x41, ...padded(BASE), 0x0b];
  const code = [1, body.length, ...body];
  // A global holding the address of the `&str` (as the split tool's marker holds one).
  const global = [1, 0x7f, 0, 0x41, 0x98, 0x88, 0x80, 0x00, 0x0b];
  const data = [1, 0, 0x41, 0x80, 0x08, 0x0b, ...leb(content.length), ...content];
  const symbol = (text, offset, size) => [1, 2, ...name(text), 0, offset, size];
  const symbols = [5, ...symbol("hello", 0, 5), ...symbol("nihao", 5, 6), ...symbol("one", 16, 4), ...symbol("str", 24, 8), ...symbol("world", 32, 5)];
  const segments = [1, ...name(".rodata"), 3, 0];
  const linking = [...name("linking"), 2, 5, segments.length, ...segments, 8, ...leb(symbols.length), ...symbols];
  // Sections: type 0, function 1, memory 2, global 3, code 4, data 5, then the custom ones.
  const relocCode = [...name("reloc.CODE"), 4, 2, 3, 4, 1, 1, 4, 11, 0, 0];
  const relocData = [...name("reloc.DATA"), 5, 1, 5, 7 + 24, 1, 0];
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0],
    ...section(1, [1, 0x60, 0, 1, 0x7f]),
    ...section(3, [1, 0]),
    ...section(5, [1, 0, 1]),
    ...section(6, global),
    ...section(10, code),
    ...section(11, data),
    ...section(0, linking),
    ...section(0, relocCode),
    ...section(0, relocData),
  ]);
}

/** Where `needle` starts in `haystack`. */
function find(haystack, needle) {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let k = 0; k < needle.length; k++) if (haystack[i + k] !== needle[k]) continue outer;
    return i;
  }
  return -1;
}

test("data holding addresses first, then other data, then text that is not ASCII, then ASCII, every address rewritten", () => {
  const before = linked();
  const { bytes: after, why } = layOutData(before);
  assert.equal(why, null);
  // The `&str` at 0 (its old address was a multiple of 8, so it stays one) pointing at "你好" at
  // 12, the number at 8 (its address was a multiple of 16), "Hello" at 18, "World" at 23; the
  // segment keeps its length.
  const expected = [
    ...u32le(BASE + 12), ...u32le(6),
    ...u32le(1),
    ...bytes("你好"),
    ...bytes("Hello"),
    ...bytes("World"),
    ...new Array(9).fill(0),
  ];
  const at = find(after, [0x41, 0x80, 0x08, 0x0b, 37]) + 5;
  assert.deepEqual([...after.subarray(at, at + 37)], expected);
  // The code's addresses: "你好" plus 1, "Hello", in five bytes each as before.
  assert.notEqual(find(after, [0x41, ...padded(BASE + 12 + 1), 0x1a, 0x41, ...padded(BASE + 18), 0x0b]), -1);
  // The global: the `&str`'s new address, in its four bytes.
  assert.notEqual(find(after, [0x7f, 0, 0x41, 0x80, 0x88, 0x80, 0x00, 0x0b]), -1);
  // The symbol table and the data's relocation moved with them: laid out again, nothing moves.
  const again = layOutData(after);
  assert.equal(again.why, null);
  assert.deepEqual(again.bytes, after);
});

test("bytes between symbols that are not padding leave the module as the linker wrote it", () => {
  const before = linked({ between: 7 });
  const { bytes: after, why } = layOutData(before);
  assert.match(why, /between symbols/);
  assert.equal(after, before);
});
