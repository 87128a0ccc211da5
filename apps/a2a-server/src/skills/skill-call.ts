/**
 * What a caller asked for, read from an A2A message in either wire shape (v1.0 `{ text }` /
 * `{ data }` parts, v0.3 `{ kind: 'text', text }` / `{ kind: 'data', data }`) or from the SDK's
 * decoded `Message` (`content.$case`). One reading serves the request validator (protocol errors
 * before a task exists) and the executor (which then trusts it).
 */
export interface MessageView {
  texts: string[];
  data: Record<string, unknown>[];
  metadata: Record<string, unknown>;
}

export interface SkillCall {
  skill: string;
  /** The data parts merged (later wins), plus the text as `text`. */
  params: Record<string, unknown>;
  text: string;
  /** The caller named the skill (metadata, a data part's `skill` or a text prefix): its input is checked strictly. */
  explicit: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads a message as JSON (either protocol version) or as the SDK's decoded object. */
export function viewOfMessage(message: unknown): MessageView {
  const m = isObject(message) ? message : {};
  const parts = Array.isArray(m.parts) ? m.parts : [];
  const view: MessageView = { texts: [], data: [], metadata: isObject(m.metadata) ? m.metadata : {} };
  for (const part of parts) {
    if (!isObject(part)) continue;
    const content = isObject(part.content) ? part.content : undefined;
    const text = content ? (content.$case === 'text' ? content.value : undefined) : part.text;
    const data = content ? (content.$case === 'data' ? content.value : undefined) : part.data;
    if (typeof text === 'string') view.texts.push(text);
    if (isObject(data)) view.data.push(data);
  }
  return view;
}

const PREFIX = /^\s*(\w+)\s*:\s*/;

/**
 * The skill: `metadata.skill` (or `skillId`), else a data part's `skill`, else a `skill:` prefix on
 * the text when it names a known skill ("recall: deploy days"), else the default.
 */
export function readSkillCall(view: MessageView, known: readonly string[], fallback: string): SkillCall {
  const data = Object.assign({}, ...view.data) as Record<string, unknown>;
  let text = view.texts.join('\n').trim();
  const named = view.metadata.skill ?? view.metadata.skillId ?? data.skill;
  let skill = typeof named === 'string' ? named : undefined;
  if (skill === undefined) {
    const prefix = PREFIX.exec(text);
    const word = prefix?.[1]?.toLowerCase();
    if (prefix && word && known.includes(word)) {
      skill = word;
      text = text.slice(prefix[0].length).trim();
    }
  }
  const { skill: _dropped, ...params } = data;
  return { skill: skill ?? fallback, params, text, explicit: skill !== undefined };
}
