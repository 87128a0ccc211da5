import { canonicalJson } from '@engram/memory';
import { MalformedHookPayloadError } from './hook-errors.js';

/** Longest tool response kept in an event; the transcript keeps the full text. */
export const MAX_TOOL_RESPONSE_CHARS = 2000;
/** Longest tool-input summary. */
export const MAX_INPUT_SUMMARY_CHARS = 300;
/** Longest prompt or assistant text kept (the log's own cap is larger). */
export const MAX_MESSAGE_CHARS = 50_000;

export function requireString(payload: Record<string, unknown>, field: string, agent: string): string {
  const v = payload[field];
  if (typeof v !== 'string' || v.length === 0) throw new MalformedHookPayloadError(`${agent} hook payload: "${field}" must be a non-empty string`);
  return v;
}

export function optionalString(payload: Record<string, unknown>, field: string): string | undefined {
  const v = payload[field];
  return typeof v === 'string' && v.length > 0 ? v : undefined;
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… [${text.length - max} more chars]`;
}

/** A tool response as text: strings as they are, structured responses as canonical JSON. */
export function responseText(response: unknown): string {
  if (response === undefined || response === null) return '';
  if (typeof response === 'string') return response;
  return canonicalJson(response);
}

/** The one field that says what a tool call does (command, path, pattern, url), else its JSON. */
export function summariseToolInput(input: unknown): string {
  if (input && typeof input === 'object' && !Array.isArray(input)) {
    const o = input as Record<string, unknown>;
    for (const key of ['command', 'file_path', 'path', 'pattern', 'url', 'query', 'description', 'prompt']) {
      if (typeof o[key] === 'string') return truncate(o[key] as string, MAX_INPUT_SUMMARY_CHARS);
    }
  }
  return truncate(canonicalJson(input ?? null), MAX_INPUT_SUMMARY_CHARS);
}

/** A valid Date from an ISO string field, else undefined. */
export function optionalTime(payload: Record<string, unknown>, field: string): Date | undefined {
  const v = payload[field];
  if (typeof v !== 'string') return undefined;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? undefined : d;
}
