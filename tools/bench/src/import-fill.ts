// `bench:retrieve -- --reuse URL --fill-from N --size M`: the rest of a big latency fixture written
// through the gate's `import` op, as `engram import` writes (32 in flight, group commit, ADR-0048),
// instead of `create`. A create's Layer 2 read (the prefix filter of ADR-0017) reads every record of
// its group that shares the text's rarest words: exact, and on this templated corpus (a few hundred
// distinct words) a read that grows with the store, so creates slow from ~600/s to ~100/s between 0
// and 550k. The fixture only needs the records; the write rate is what the create fill measured.
import { createHash } from 'node:crypto';
import { parseExportLine } from '@engram/agents';
import type { Gate } from '@engram/librarian';
import { memoryAt } from './corpus.js';
import { progress, runPool, since } from './stats.js';

const BASE = Date.parse('2026-01-01T00:00:00Z');

/** A fixed id per corpus index, apart from the gate's random ones by its namespace. */
function idFor(seed: number, i: number): string {
  const h = createHash('sha256').update(`engram-bench-import-${seed}-${i}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Corpus memory i as one line of `engram export` (one version), parsed as `engram import` parses it. */
function importLine(seed: number, i: number) {
  const spec = memoryAt(seed, i);
  const id = idFor(seed, i);
  const at = new Date(BASE + i * 1000).toISOString();
  const version = {
    id, version: 1, type: spec.type, content: spec.content, metadata: spec.metadata, tags: spec.tags, scope: spec.scope,
    source: spec.source, trust: 'agent', status: 'active', createdAt: at, updatedAt: at, validFrom: at, validTo: null,
    supersededBy: null, statusReason: null, archived: false, confidence: 0.9, operation: 'create',
  };
  return parseExportLine(JSON.stringify({ kind: 'engram.memory', id, versions: [version] }), i + 1);
}

/**
 * Writes corpus memories [from, to) through gate.submit({ op: 'import' }): records per second, and
 * how many the gate refused as exact copies of a stored record (the templated corpus repeats about
 * 3 % of its texts; a create of one is answered noop, an import refused).
 */
export async function importRange(gate: Gate, seed: number, from: number, to: number, maintain: () => Promise<unknown>): Promise<{ perSecond: number; copies: number }> {
  const start = performance.now();
  let done = 0;
  let copies = 0;
  await runPool(from, to, 32, async (i) => {
    const out = await gate.submit({ op: 'import', versions: importLine(seed, i).versions }, { id: 'import:bench', kind: 'import' });
    if (out.status === 'rejected' && /already has exactly this content/.test(out.reason ?? '')) copies += 1;
    else if (out.status === 'rejected') throw new Error(`gate rejected the import of corpus memory ${i}: ${out.reason}`);
    done += 1;
    if (done % 5000 === 0) {
      progress(`  imported ${from + done}/${to} (${Math.round(done / (since(start) / 1000))}/s)`);
      await maintain();
    }
  });
  return { perSecond: Math.round((to - from) / (since(start) / 1000)), copies };
}
