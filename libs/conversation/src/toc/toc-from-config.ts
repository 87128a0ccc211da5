import { createOpenAiChat, type EmbeddingProvider, type EngramConfig } from '@engram/infra';
import type { ConversationEvent } from '../log/event-model.js';
import { createTocSummariser } from '../summariser/default-summariser.js';
import { tocConfig } from './toc-config.js';
import { createTocService, type TocService } from './toc-service.js';
import type { ConversationDb } from '../conversation-database.js';

/**
 * The TOC service as the process configuration asks for it: thresholds from `ENGRAM_TOC_*`, the
 * extractive summariser unless `ENGRAM_TOC_SUMMARISER=llm` (then the `ENGRAM_LLM_*` endpoint, with
 * extractive fallback). One place, so the servers and the CLI build the same TOC.
 */
export function createTocFromConfig(
  config: Pick<EngramConfig, 'tocSegmentGapMinutes' | 'tocSegmentMaxTokens' | 'tocOverlapMinutes' | 'tocOverlapTokens' | 'tocSummariser' | 'llmUrl' | 'llmModel' | 'llmApiKey'>,
  db: ConversationDb, embedder: Pick<EmbeddingProvider, 'embedPassages' | 'embedQuery'> | null, log: (message: string) => void,
  onNewEvents?: (events: ConversationEvent[]) => Promise<void>,
): TocService {
  const settings = tocConfig({
    segmentGapMinutes: config.tocSegmentGapMinutes, segmentMaxTokens: config.tocSegmentMaxTokens,
    overlapMinutes: config.tocOverlapMinutes, overlapTokens: config.tocOverlapTokens,
  });
  const chat = config.tocSummariser === 'llm' && config.llmUrl && config.llmModel
    ? createOpenAiChat({ baseUrl: config.llmUrl, model: config.llmModel, ...(config.llmApiKey ? { apiKey: config.llmApiKey } : {}) })
    : null;
  const summariser = createTocSummariser(settings, chat, (reason) => log(`TOC LLM summariser failed, used the extractive one: ${reason}`));
  return createTocService({ db, summariser, config: settings, embedder, log, ...(onNewEvents ? { onNewEvents } : {}) });
}
