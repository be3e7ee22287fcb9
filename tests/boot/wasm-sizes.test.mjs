// The benchmark's reader of wasm modules (scripts/wasm-sizes.mjs): sections, functions by their
// names, Rust's symbols in the form people read, and the code that would go with a crate.
import { test } from "node:test";
import assert from "node:assert/strict";
import { chineseText, crateOf, demangle, describe, Reader, retained, wasmSizes } from "../../scripts/wasm-sizes.mjs";
import { gzipSync } from "node:zlib";
import { bytes, leb, name, section } from "./fixtures/wasm.mjs";

const WRITE = "_ZN4core3fmt5write17h0123456789abcdefE";

/** A module of one imported and one defined function, each named. */
function module() {
  // The name section's function names: (index 0, the import's name), (index 1, the defined one's).
  const map = [2, 0, ...name("env::log"), 1, ...name(WRITE)];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0],
    ...section(1, [1, 0x60, 0, 0]), // one type: no parameters, no results
    ...section(2, [1, ...name("env"), ...name("log"), 0, 0]), // a function import
    ...section(3, [1, 0]), // one defined function
    ...section(10, [1, 3, 0, 0x01, 0x0b]), // its body: no locals, nop, end
    ...section(0, [...name("name"), 1, map.length, ...map]),
  ]);
}

test("a module's sections and its defined functions, named", () => {
  const { sections, functions } = wasmSizes(module());
  assert.deepEqual(
    sections.map((s) => s.name),
    ["type", "import", "function", "code", 'custom "name"'],
  );
  assert.deepEqual(functions, [{ name: "core::fmt::write", size: 3, calls: [] }]);
  // Not exported nor in a table: its code is the crate's, and nothing goes with it.
  assert.match(describe(module()), /core +3 +0\n/);
});

test("Rust's symbols read as paths, with the crate they belong to", () => {
  assert.equal(
    demangle("_ZN98_$LT$$RF$mut$u20$serde_json..de..Deserializer$LT$R$GT$$u20$as$u20$serde_core..de..Deserializer$GT$15deserialize_seq17h0123456789abcdefE"),
    "<&mut serde_json::de::Deserializer<R> as serde_core::de::Deserializer>::deserialize_seq",
  );
  assert.match(demangle("_RNvNtCs1234_4core3fmt5write"), /^core::/);
  assert.equal(demangle("__externref_table_alloc"), "__externref_table_alloc");
  assert.equal(crateOf("<&mut serde_json::de::Deserializer<R> as serde_core::de::Deserializer>::deserialize_seq"), "serde_json");
  assert.equal(crateOf("<T as tachys::view::any_view::IntoAny>::into_any::build"), "tachys");
  assert.equal(crateOf("gpu_sizer_engine::plan::evaluate"), "gpu_sizer_engine");
  assert.equal(crateOf("main"), "(other)");
});

/** A module whose functions call each other: an import (0), then `app::main` (1, exported), which
 * calls `serde_json::parse` (2) and `core::fmt::write` (3); `app::closure` (4, in a table), which
 * calls `core::fmt::write` too; `dead::f` (5), called only by a wasm-bindgen descriptor (6,
 * exported). */
function calling() {
  const names = ["env::log", "_ZN3app4main17h0123456789abcdefE", "_ZN10serde_json5parse17h0123456789abcdefE", WRITE, "_ZN3app7closure17h0123456789abcdefE", "_ZN4dead1f17h0123456789abcdefE", "__wbindgen_describe_x"];
  const map = [names.length, ...names.flatMap((n, i) => [i, ...name(n)])];
  const bodies = [
    [0, 0x10, 2, 0x10, 3, 0x0b], // call 2, call 3
    [0, 0x41, 0x7f, 0x1a, 0x02, 0x40, 0x0b, 0x0b], // i32.const -1, drop, an empty block
    [0, 0x0b],
    [0, 0x10, 3, 0x0b], // call 3
    [0, 0x0b],
    [0, 0x10, 5, 0x0b], // call 5
  ];
  const code = [bodies.length, ...bodies.flatMap((b) => [b.length, ...b])];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0],
    ...section(1, [1, 0x60, 0, 0]),
    ...section(2, [1, ...name("env"), ...name("log"), 0, 0]),
    ...section(3, [bodies.length, ...bodies.map(() => 0)]),
    ...section(4, [1, 0x70, 0, 2]), // a table of functions
    ...section(7, [2, ...name("main"), 0, 1, ...name("__wbindgen_describe_x"), 0, 6]),
    ...section(9, [1, 0, 0x41, 1, 0x0b, 1, 4]), // function 4 at place 1 of the table
    ...section(10, code),
    ...section(0, [...name("name"), 1, ...leb(map.length), ...map]),
  ]);
}

test("the code that would go with a crate: its functions and those reached only through them", () => {
  const sizes = wasmSizes(calling());
  assert.deepEqual(
    sizes.functions.map((f) => [f.name, f.size, f.calls]),
    [
      ["app::main", 6, [2, 3]],
      ["serde_json::parse", 8, []],
      ["core::fmt::write", 2, []],
      ["app::closure", 4, [3]],
      ["dead::f", 2, []],
      ["__wbindgen_describe_x", 4, [5]],
    ],
  );
  // Exported functions but the descriptors, and functions in a table, are where code starts.
  assert.deepEqual([...sizes.roots].sort(), [1, 4]);
  const crate = (name) => (i) => crateOf(sizes.functions[i].name) === name;
  assert.deepEqual(retained(sizes, crate("serde_json")), { reachable: 20, retained: 8 });
  // Without `app`, nothing reaches `core::fmt::write` or `serde_json::parse` any more.
  assert.deepEqual(retained(sizes, crate("app")), { reachable: 20, retained: 20 });
  assert.deepEqual(retained(sizes, crate("dead")), { reachable: 20, retained: 0 });
  assert.match(describe(calling()), /app +10 +20\n/);
});

test("a function whose instructions cannot be read leaves out what would go, and says why", () => {
  const simd = new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0],
    ...section(1, [1, 0x60, 0, 0]),
    ...section(3, [1, 0]),
    ...section(10, [1, 4, 0, 0xfd, 0x0c, 0x0b]), // a SIMD instruction, which the reader does not know
  ]);
  const { functions, unread } = wasmSizes(simd);
  assert.equal(functions.length, 1);
  assert.match(unread, /unknown instruction 0xfd/);
  assert.match(describe(simd), /not shown: unknown instruction 0xfd/);
});

test("the Chinese text in a module's data is counted, and the module measured without it", () => {
  const text = "Tokens 词元数（总计）× 2 — GPU 显存";
  // One active data segment at address 1024 holding `text`, and, in the code, bytes that read as
  // a Chinese character (0xe4 0xb8 0x80, 一) but are not in the data: not counted.
  const segment = [0, 0x41, ...leb(1024), 0x0b, ...leb(bytes(text).length), ...bytes(text)];
  const wasm = new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0],
    ...section(1, [1, 0x60, 0, 0]),
    ...section(3, [1, 0]),
    ...section(5, [1, 0, 1]),
    ...section(10, [1, 7, 0, 0x41, 0xe4, 0xb8, 0x80, 0x1a, 0x0b]),
    ...section(11, [1, ...segment]),
  ]);
  const { bytes: chinese, gzipWithout } = chineseText(wasm);
  // 词元数 总计 显存: seven characters, and the full-width parentheses; not ×, — or the ASCII.
  assert.equal(chinese, 9 * 3);
  const kept = new TextEncoder().encode("Tokens × 2 — GPU ");
  const at = Buffer.from(wasm).indexOf(Buffer.from(bytes(text)));
  const without = Buffer.concat([Buffer.from(wasm.subarray(0, at)), Buffer.from(kept), Buffer.from(wasm.subarray(at + bytes(text).length))]);
  assert.equal(gzipWithout, gzipSync(without, { level: 9 }).length);
});

test("signed LEB128 numbers, as i32.const and relocation addends write them", () => {
  const read = (bytes) => new Reader(Uint8Array.from(bytes)).s32();
  assert.equal(read([0x7f]), -1);
  assert.equal(read([0x80, 0x08]), 1024);
  assert.equal(read([0x80, 0x88, 0x80, 0x80, 0x00]), 1024);
  assert.equal(read([0x80, 0x80, 0x80, 0x80, 0x78]), -(2 ** 31));
});

