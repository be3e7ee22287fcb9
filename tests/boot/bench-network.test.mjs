// The benchmark's network conditions (scripts/measure.mjs) and the compressed files the test
// server sends under them (tests/e2e/server.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { network } from "../../scripts/measure.mjs";
import { serve } from "../e2e/server.mjs";

test("BENCH_NETWORK reads as a throughput in Mbit/s and a latency in ms, or is refused", () => {
  assert.equal(network(undefined), null);
  assert.equal(network(""), null);
  assert.deepEqual(network("9,150"), { mbits: 9, latency: 150 });
  assert.deepEqual(network("0.5,0"), { mbits: 0.5, latency: 0 });
  for (const text of ["9", "fast", "0,150", "9,-1", "-9,150"]) assert.throws(() => network(text), /BENCH_NETWORK/, text);
});

/** The status, encoding and body of `url` asked for with `headers`. */
function fetchRaw(url, headers) {
  return new Promise((done, fail) =>
    get(url, { headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => done({ status: res.statusCode, encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
    }).on("error", fail),
  );
}

test("the test server sends a file gzip when asked to and the request accepts it, else as it is", async () => {
  const dir = mkdtempSync(join(tmpdir(), "gpu-sizer-serve-"));
  const text = "<p>the same words again and again</p>".repeat(100);
  writeFileSync(join(dir, "index.html"), text);
  const plain = await serve(dir);
  const compressing = await serve(dir, undefined, { gzip: true });
  try {
    const accepts = { "accept-encoding": "gzip, deflate, br" };
    const zipped = await fetchRaw(compressing.url, accepts);
    assert.equal(zipped.encoding, "gzip");
    assert.ok(zipped.body.length < text.length / 10, `${zipped.body.length} bytes`);
    assert.equal(gunzipSync(zipped.body).toString(), text);
    // Asked again: the same bytes (compressed once).
    assert.deepEqual((await fetchRaw(compressing.url, accepts)).body, zipped.body);
    for (const [server, headers] of [[compressing, {}], [plain, accepts]]) {
      const sent = await fetchRaw(server.url, headers);
      assert.deepEqual([sent.status, sent.encoding, sent.body.toString()], [200, undefined, text]);
    }
    assert.equal((await fetchRaw(compressing.url + "missing.js", accepts)).status, 404);
  } finally {
    await plain.close();
    await compressing.close();
  }
});
