import { createImportProgress } from './import-progress.js';

/** A stderr that is a file or a pipe: no isTTY, every write kept. */
function plainStream() {
  const lines: string[] = [];
  return { stream: { write: (text: string) => lines.push(text) }, lines };
}

describe('engram import progress without a terminal (issue 39)', () => {
  it('prints a plain line every N records and a final line, with no cursor codes', () => {
    const { stream, lines } = plainStream();
    let t = 0;
    const progress = createImportProgress(stream, { size: 1000, everyRecords: 10, now: () => t });
    for (let line = 1; line <= 25; line++) {
      t += 100;
      progress.update({ line, bytes: line * 40 });
    }
    progress.stop();
    expect(lines).toEqual([
      'import: 10 records, 40% of the file, 10/s\n',
      'import: 20 records, 80% of the file, 10/s\n',
      'import: 25 records, 100% of the file, 10/s, done\n',
    ]);
    // eslint-disable-next-line no-control-regex
    expect(lines.join('')).not.toMatch(/\u001b/);
  });

  it('prints a line once the interval has passed, however few records finished', () => {
    const { stream, lines } = plainStream();
    let t = 0;
    const progress = createImportProgress(stream, { size: 100, everyRecords: 1000, everyMs: 10_000, now: () => t });
    t = 4_000;
    progress.update({ line: 1, bytes: 10 });
    expect(lines).toEqual([]);
    t = 10_000;
    progress.update({ line: 2, bytes: 20 });
    expect(lines).toEqual(['import: 2 records, 20% of the file, 0/s\n']);
  });

  it('reports the furthest record when records finish out of order, and counts a resumed run from its start', () => {
    const { stream, lines } = plainStream();
    let t = 0;
    const progress = createImportProgress(stream, { size: 200, everyRecords: 2, from: { line: 100, bytes: 100 }, now: () => t });
    t = 1_000;
    progress.update({ line: 102, bytes: 102 });
    progress.update({ line: 101, bytes: 101 });
    progress.stop();
    expect(lines).toEqual(['import: 102 records, 51% of the file, 2/s\n', 'import: 102 records, 51% of the file, 2/s, done\n']);
  });
});
