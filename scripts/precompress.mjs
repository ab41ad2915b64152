// Precompresses the front ends' built files once, at build time: beside each text file (scripts,
// styles, pages, SVG, JSON, XML) a .br (brotli, quality 11) and a .gz (gzip, level 9), kept only
// when smaller than the file. The server picks one by the browser's Accept-Encoding
// (backend/src/platform/web/precompressed.ts), so nothing is compressed per request.
//   node scripts/precompress.mjs public-site/dist admin/dist client-portal/dist
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.xml', '.txt', '.webmanifest', '.map', '.ico']);
/** Below this a compressed answer saves less than its headers cost. */
const MIN_BYTES = 512;

async function* files(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

async function compressDir(dir) {
  let count = 0;
  let raw = 0;
  let br = 0;
  let gz = 0;
  for await (const file of files(dir)) {
    if (!TEXT.has(path.extname(file).toLowerCase())) continue;
    const data = await fs.readFile(file);
    if (data.length < MIN_BYTES) continue;
    const [b, g] = await Promise.all([
      brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      }),
      gzip(data, { level: 9 }),
    ]);
    for (const [ext, out] of [['.br', b], ['.gz', g]]) {
      if (out.length < data.length) await fs.writeFile(file + ext, out);
      else await fs.rm(file + ext, { force: true });
    }
    count += 1;
    raw += data.length;
    br += b.length;
    gz += g.length;
  }
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`precompress: ${dir}: ${count} arquivos, ${kb(raw)} → gzip ${kb(gz)}, brotli ${kb(br)}`);
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) throw new Error('uso: node scripts/precompress.mjs <pasta dist>...');
for (const dir of dirs) {
  try {
    await fs.access(dir);
  } catch {
    throw new Error(`precompress: ${dir} não existe (rode o build do app antes).`);
  }
  await compressDir(dir);
}
