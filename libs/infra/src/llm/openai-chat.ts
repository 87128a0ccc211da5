/** One chat message of an OpenAI-compatible `/chat/completions` request. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A chat completion client: messages in, the first choice's text out. Throws on any failure. */
export interface ChatClient {
  /** The model name (summaries and answers record `llm:<model>`). */
  readonly model: string;
  complete(messages: readonly ChatMessage[], opts?: { maxTokens?: number; json?: boolean }): Promise<string>;
}

/** Settings of an OpenAI-compatible endpoint (`ENGRAM_LLM_URL`, `ENGRAM_LLM_MODEL`, `ENGRAM_LLM_API_KEY`). */
export interface OpenAiChatOptions {
  /** Base URL up to the version, e.g. `http://127.0.0.1:8080/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs?: number;
}

interface ChatCompletion {
  choices?: { message?: { content?: unknown } }[];
}

/**
 * A client of any OpenAI-compatible chat completions endpoint (temperature 0, so a model that
 * honours it answers the same input the same way). Infrastructure, not domain: the conversation
 * summariser builds its prompts and parses answers itself; this only speaks HTTP.
 */
export function createOpenAiChat(options: OpenAiChatOptions): ChatClient {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    model: options.model,
    async complete(messages, opts = {}) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
        body: JSON.stringify({
          model: options.model, temperature: 0, max_tokens: opts.maxTokens ?? 600, messages,
          ...(opts.json ? { response_format: { type: 'json_object' } } : {}),
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
      if (!res.ok) throw new Error(`chat completions endpoint answered HTTP ${res.status}`);
      const body = (await res.json()) as ChatCompletion;
      const text = body.choices?.[0]?.message?.content;
      if (typeof text !== 'string' || text.trim() === '') throw new Error('chat completions endpoint returned no message content');
      return text.trim();
    },
  };
}
