import { createOpenAiChat } from '../../libs/infra/src/index.js';

/**
 * Infra's OpenAI-compatible chat client for test suites of libs that may not import infra
 * themselves (agents): like `loadTestEmbedder`, the harness builds infrastructure for them. Tests
 * point it at a loopback server, never the network.
 */
export const openAiChat = createOpenAiChat;
