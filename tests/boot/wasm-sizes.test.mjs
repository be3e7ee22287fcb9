// The benchmark's reader of wasm modules (scripts/wasm-sizes.mjs): sections, functions by their
// names, and Rust's symbols in the form people read.
import { test } from "node:test";
import assert from "node:assert/strict";
import { crateOf, demangle, describe, wasmSizes } from "../../scripts/wasm-sizes.mjs";

const bytes = (text) => [...new TextEncoder().encode(text)];
const name = (text) => [bytes(text).length, ...bytes(text)];
const section = (id, content) => [id, content.length, ...content];

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
  assert.deepEqual(functions, [{ name: "core::fmt::write", size: 3 }]);
  assert.match(describe(module()), /core +3\n/);
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
