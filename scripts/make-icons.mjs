// Draws the app's PNG icons (a chip on a blue rounded square) without any image library.
// Run once after changing the design: node scripts/make-icons.mjs
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

function icon(size, maskable) {
  const px = Buffer.alloc(size * (size * 4 + 1));
  const u = (f) => f * size;
  const inRounded = (x, y, x0, y0, x1, y1, r) => {
    if (x < x0 || x > x1 || y < y0 || y > y1) return false;
    const cx = Math.min(Math.max(x, x0 + r), x1 - r);
    const cy = Math.min(Math.max(y, y0 + r), y1 - r);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  };
  for (let y = 0; y < size; y++) {
    px[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [X, Y] = [x + 0.5, y + 0.5];
      let rgba = [0, 0, 0, 0];
      const bg = maskable ? true : inRounded(X, Y, 0, 0, size, size, u(0.19));
      if (bg) rgba = [11, 92, 173, 255];
      const pad = maskable ? 0.28 : 0.19;
      const chip = inRounded(X, Y, u(pad), u(pad + 0.06), u(1 - pad), u(1 - pad - 0.06), u(0.06));
      const core = inRounded(X, Y, u(pad + 0.09), u(pad + 0.15), u(1 - pad - 0.09), u(1 - pad - 0.15), u(0.03));
      if (chip && !core) rgba = [255, 255, 255, 255];
      // Pins above and below the chip.
      for (let i = 0; i < 4; i++) {
        const px0 = u(pad + 0.07 + i * ((1 - 2 * pad - 0.14) / 3)) - u(0.02);
        const inPin = X >= px0 && X <= px0 + u(0.04);
        if (inPin && ((Y >= u(pad - 0.04) && Y < u(pad + 0.06)) || (Y > u(1 - pad - 0.06) && Y <= u(1 - pad + 0.04))))
          rgba = [255, 255, 255, 255];
      }
      px.set(rgba, y * (size * 4 + 1) + 1 + x * 4);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(px, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const dir = new URL("../public/icons/", import.meta.url);
// The tab icon: a PNG, which the browser decodes without building a document, as it does again
// each time the page writes the address bar (an SVG icon cost 10–20 ms of main thread per input).
writeFileSync(new URL("icon-32.png", dir), icon(32, false));
writeFileSync(new URL("icon-192.png", dir), icon(192, false));
writeFileSync(new URL("icon-512.png", dir), icon(512, false));
writeFileSync(new URL("maskable-512.png", dir), icon(512, true));
