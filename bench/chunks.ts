/**
 * What each built chunk holds: builds the web app (vite's own build, nothing written) and prints, for the
 * chunks named on the command line (default: the entry), its size brotli-compressed and, per package
 * (or per folder of src/ and contract/), the brotli size of that part's code on its own. The parts
 * compress worse alone than together, so they add up to more than the chunk: read them as shares.
 * CHUNKS_MODULES=text also lists the chunk's modules whose path holds that text (which lodash or
 * ra-core files came along). Note that a module sits whole in one chunk, with everything any chunk
 * uses of it. Run: `node --import tsx bench/chunks.ts [chunk-name...]`.
 */
import { brotliCompressSync } from 'node:zlib';
import { transformSync } from 'esbuild';
import { build, type Rollup } from 'vite';

const wanted = process.argv.slice(2);
const br = (s: string) => brotliCompressSync(Buffer.from(s)).length;
// A part's code as rollup rendered it, before the chunk was minified: minified alone to compare.
const minified = (code: string) => transformSync(code, { minify: true, loader: 'js' }).code;
const kb = (n: number) => `${(n / 1024).toFixed(1).padStart(7)} KB`;

/** The package a module comes from, or its folder in this repository. */
function part(id: string): string {
  const clean = id.replace(/^\0/, '').replace(/\?.*$/, '');
  const pkg = clean.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  const own = clean.match(/\/(src|contract)\/(.*)$/);
  if (own) return `${own[1]}/${own[2].split('/').slice(0, own[1] === 'src' ? 2 : 1).join('/')}`;
  return clean;
}

const output = await build({ logLevel: 'warn', build: { write: false } }) as Rollup.RollupOutput | Rollup.RollupOutput[];
const chunks = (Array.isArray(output) ? output.flatMap((o) => o.output) : output.output)
  .filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
for (const chunk of chunks) {
  if (wanted.length ? !wanted.includes(chunk.name) : !chunk.isEntry) continue;
  const parts = new Map<string, string>();
  // Minified module by module: some modules' rendered code is not a whole program when joined to another's.
  for (const [id, m] of Object.entries(chunk.modules)) parts.set(part(id), (parts.get(part(id)) ?? '') + minified(m.code ?? ''));
  console.log(`\n${chunk.fileName}: ${kb(br(chunk.code))} brotli, ${kb(chunk.code.length)} raw, imports ${chunk.imports.join(', ') || 'nothing'}`);
  const rows = [...parts].map(([name, code]) => ({ name, br: br(code), raw: code.length })).sort((a, b) => b.br - a.br);
  for (const r of rows) if (r.raw > 0) console.log(`  ${kb(r.br)} ${kb(r.raw)}  ${r.name}`);
  const listed = process.env.CHUNKS_MODULES;
  if (listed) {
    for (const [id, m] of Object.entries(chunk.modules)) if (id.includes(listed) && m.renderedLength) console.log(`    ${m.renderedLength} ${id}`);
  }
}
