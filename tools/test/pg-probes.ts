import pg from 'pg';

/** One number from a query on a fresh connection (tests that watch a server's database from outside). */
export async function scalar(url: string, text: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return Number((await c.query(text)).rows[0]?.n ?? 0);
  } finally {
    await c.end();
  }
}

/** Records still waiting for a vector. */
export const pendingEmbeddings = (url: string): Promise<number> => scalar(url, 'SELECT count(*)::int AS n FROM memories WHERE embedding IS NULL');
