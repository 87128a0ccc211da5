// Markdown rendering of the quality benchmark (pasted into docs/benchmarks.md).
import type { RankerReport } from './evaluate.js';

/** Everything one run measured. */
export interface QualityReport {
  date: string;
  command: string;
  machine: { cpuModel: string; cores: number; ramGiB: number; node: string };
  corpus: { events: number; queries: number; background: number; categories: Record<string, number> };
  backends: { name: string; records: number; edges: number; outcomes: Record<string, number>; backgroundSkipped: number; loadSeconds: number; embedSeconds: number; rankers: RankerReport[] }[];
}

const f3 = (x: number) => x.toFixed(3);

function rankerTable(rankers: RankerReport[]): string {
  const rows = rankers.map((r) => {
    const stale = r.stale.superseded + r.stale.invalidated + r.stale.expired + r.stale.other;
    return `| ${r.name} | ${f3(r.recall5)} | ${f3(r.recall10)} | ${f3(r.ndcg10)} | ${f3(r.mrr)} | ${stale} (${r.stale.superseded}/${r.stale.expired}/${r.stale.invalidated}) | ${r.otherScope} | ${r.latencyMs.mean} / ${r.latencyMs.max} |`;
  });
  return ['| variant | recall@5 | recall@10 | nDCG@10 | MRR | stale in top 10 (superseded/expired/invalidated) | other-scope in top 10 | latency ms mean / max |', '|---|---|---|---|---|---|---|---|', ...rows].join('\n');
}

function categoryTable(rankers: RankerReport[]): string {
  const cats = Object.keys(rankers[0]?.byCategory ?? {});
  const head = `| category (queries) | ${rankers.map((r) => r.name).join(' | ')} |`;
  const sep = `|---|${rankers.map(() => '---').join('|')}|`;
  const rows = cats.map((c) => `| ${c} (${rankers[0]?.byCategory[c]?.queries}) | ${rankers.map((r) => `${f3(r.byCategory[c]?.recall10 ?? 0)} / ${f3(r.byCategory[c]?.ndcg10 ?? 0)}`).join(' | ')} |`);
  return [head, sep, ...rows].join('\n');
}

export function renderQualityReport(r: QualityReport): string {
  const out = [
    `Run ${r.date} (\`${r.command}\`), ${r.machine.cpuModel} × ${r.machine.cores}, ${r.machine.ramGiB} GiB, Node ${r.machine.node}.`,
    `Corpus: ${r.corpus.events} gate writes of the evaluation set + ${r.corpus.background} background records; ${r.corpus.queries} labelled queries (${Object.entries(r.corpus.categories).map(([c, n]) => `${c} ${n}`).join(', ')}).`,
  ];
  for (const b of r.backends) {
    out.push('', `#### ${b.name}`, '', `${b.records} records committed (${b.backgroundSkipped} background writes not committed: duplicates or queued near-duplicates), ${b.edges} graph edges; load ${b.loadSeconds} s, embedding ${b.embedSeconds} s. Gate outcomes of the evaluation writes: ${Object.entries(b.outcomes).map(([k, v]) => `${k} ${v}`).join(', ')}.`, '', rankerTable(b.rankers), '', 'recall@10 / nDCG@10 per category:', '', categoryTable(b.rankers));
  }
  return `${out.join('\n')}\n`;
}
