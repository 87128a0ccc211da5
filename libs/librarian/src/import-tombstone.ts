import { FORGOTTEN_CONTENT } from '@engram/memory';

/** The fields of an imported version that a forget purges. */
interface PurgeableVersion {
  status: string;
  content: string;
  metadata: Record<string, unknown>;
  tags: string[];
  statusReason: string | null;
  operation?: string;
}

/**
 * An imported history that contains a `forgotten` version is stored in the form a forget leaves
 * behind (FR-02): the forgotten version becomes the tombstone (no content, metadata or tags,
 * committed through `engram_forget`), and every earlier version is purged the same way
 * `engram_forget` purges them. Doing it when the request is parsed means the forgotten text never
 * reaches the request log, the scanners or the database, whatever the export file held.
 */
export function tombstoneForgotten<V extends PurgeableVersion>(versions: V[]): V[] {
  const last = versions.findLastIndex((v) => v.status === 'forgotten');
  if (last < 0) return versions;
  return versions.map((v, i) => {
    if (i > last) return v;
    const purged = { ...v, content: FORGOTTEN_CONTENT, metadata: {}, tags: [] };
    return v.status === 'forgotten' ? { ...purged, operation: 'forget' } : { ...purged, statusReason: null };
  });
}
