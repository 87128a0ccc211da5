import type { ChatClient } from '@engram/infra';
import type { TocConfig } from '../toc/toc-config.js';
import { createExtractiveSummariser } from './extractive-summariser.js';
import { createLlmSummariser } from './llm-summariser.js';
import type { Summariser } from './summariser.js';

/** The configured summariser: extractive (no network), or the LLM one over `chat` with extractive fallback. */
export function createTocSummariser(config: TocConfig, chat: ChatClient | null, onFallback?: (reason: string) => void): Summariser {
  const extractive = createExtractiveSummariser({ bullets: config.bulletsPerNode, keywords: config.keywordsPerNode });
  if (!chat) return extractive;
  return createLlmSummariser({ chat, fallback: extractive, bullets: config.bulletsPerNode, keywords: config.keywordsPerNode, ...(onFallback ? { onFallback } : {}) });
}
