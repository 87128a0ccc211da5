import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The bundled front-end (tools/build/build.mjs writes it next to main.js; nothing is loaded from
 * elsewhere), read once and named by content (issue 37: app.js, 600 kB of cytoscape and chart.js,
 * was downloaded again on every navigation). Pages link `/assets/<name>?v=<hash>`: that URL never
 * changes meaning, so it is cached for a year as immutable; a new build has new hashes. The
 * unversioned URL is revalidated (ETag, Last-Modified → 304).
 */

const ASSET_DIR = fileURLToPath(new URL('./assets/', import.meta.url));
const TYPES: Record<string, string> = { 'app.js': 'text/javascript; charset=utf-8', 'app.css': 'text/css; charset=utf-8', 'favicon.svg': 'image/svg+xml' };

export interface Asset {
  body: Buffer;
  type: string;
  /** The first 16 hex digits of the content's SHA-256. */
  hash: string;
  etag: string;
  lastModified: string;
}

const loaded = new Map<string, Asset>();

function read(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch (err) {
    // Not built (the views rendered from source, in unit tests): pages link the plain URL.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** The asset by file name, or undefined for a name the inspector does not serve (or has not built). */
export function asset(name: string, dir: string = ASSET_DIR): Asset | undefined {
  const type = TYPES[name];
  if (!type) return undefined;
  let a = loaded.get(name);
  if (!a) {
    const path = join(dir, name);
    const body = read(path);
    if (!body) return undefined;
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
    a = { body, type, hash, etag: `"${hash}"`, lastModified: new Date(Math.floor(statSync(path).mtimeMs / 1000) * 1000).toUTCString() };
    loaded.set(name, a);
  }
  return a;
}

/** The URL a page links: content-addressed, so a browser may keep it for good. */
export function assetUrl(name: string): string {
  const a = asset(name);
  return a ? `/assets/${name}?v=${a.hash}` : `/assets/${name}`;
}
