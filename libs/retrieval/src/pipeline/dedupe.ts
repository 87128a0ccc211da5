/** Cosine similarity of two vectors of the same length (0 when either is all zeros). */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** What the collapse needs to know about a ranked item. */
export interface DedupeItem {
  id: string;
  content: string;
  embedding: ArrayLike<number> | null;
  contentHash: string;
  /** Decides which of two near-duplicates stays (seed 004: the more confident). */
  confidence: number;
}

/** Seed 004 step 6 / SPEC 5: above this cosine similarity two memories say the same thing. */
export const NEAR_DUPLICATE_COSINE = 0.95;

/** Two texts that say opposite things are never duplicates, however close their vectors. */
export type DistinctCheck = (a: string, b: string) => boolean;

function sameThing(a: DedupeItem, b: DedupeItem, threshold: number, distinct: DistinctCheck): boolean {
  if (a.contentHash === b.contentHash) return true;
  return a.embedding !== null && b.embedding !== null && a.embedding.length === b.embedding.length
    && cosineSimilarity(a.embedding, b.embedding) > threshold && !distinct(a.content, b.content);
}

/**
 * Collapses near-duplicates in a ranked list: of two items above `threshold` cosine (or with the
 * same content hash) the more confident one stays, at the better of the two positions. Returns the
 * kept items in rank order and, for every dropped id, the id kept instead. `distinct` vetoes a
 * collapse: "we use X" and "we do not use X" embed almost identically but must both survive, or
 * the contradiction would be hidden.
 */
export function collapseNearDuplicates<T extends DedupeItem>(
  ranked: readonly T[], threshold = NEAR_DUPLICATE_COSINE, distinct: DistinctCheck = () => false,
): { kept: T[]; dropped: { id: string; keptId: string }[] } {
  const kept: T[] = [];
  const dropped: { id: string; keptId: string }[] = [];
  for (const item of ranked) {
    const index = kept.findIndex((k) => sameThing(k, item, threshold, distinct));
    const rival = index >= 0 ? kept[index] : undefined;
    if (rival === undefined) {
      kept.push(item);
    } else if (item.confidence > rival.confidence) {
      kept[index] = item;
      dropped.push({ id: rival.id, keptId: item.id });
    } else {
      dropped.push({ id: item.id, keptId: rival.id });
    }
  }
  return { kept, dropped };
}
