import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createEmptyPostgresDatabase } from './backends.js';
import { childEnv, mcpMain } from './app-process.js';

/** The two databases a CLI e2e test runs against: embedded PGlite under the home, and native Postgres. */
export const cliBackends = [
  { name: 'embedded PGlite', env: async (home: string): Promise<Record<string, string>> => ({ ENGRAM_HOME: home }) },
  { name: 'native Postgres', env: async (home: string): Promise<Record<string, string>> => ({ ENGRAM_HOME: home, DATABASE_URL: await createEmptyPostgresDatabase() }) },
];

/**
 * Memories come from an agent over MCP (the CLI has no store command): runs the calls in order
 * through the built MCP server over stdio, with the official SDK client, and returns the results.
 */
export async function callToolsOverStdio(
  env: Record<string, string | undefined>, calls: { name: string; arguments: Record<string, unknown> }[], clientName: string,
): Promise<CallToolResult[]> {
  const client = new Client({ name: clientName, version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [mcpMain, '--stdio'], env: childEnv(env), stderr: 'pipe' }));
  try {
    const results: CallToolResult[] = [];
    for (const call of calls) results.push((await client.callTool(call)) as CallToolResult);
    return results;
  } finally {
    await client.close();
  }
}
