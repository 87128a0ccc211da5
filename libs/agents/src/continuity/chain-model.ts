import type { FormedMemory } from './prd-model.js';

export const CHAIN_STATUSES = ['active', 'completed', 'abandoned'] as const;
export type ChainStatus = (typeof CHAIN_STATUSES)[number];

/** A reasoning chain (seed 004 thinking_chains). */
export interface ThinkingChain {
  id: string;
  scope: string;
  query: string;
  summary: string | null;
  status: ChainStatus;
  thoughtCount: number;
  prdExecutionId: string | null;
  metadata: Record<string, unknown>;
  /** The memories completion handed to the gate. */
  extracted: ChainExtraction | null;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
}

/** One numbered thought; a revision names the thought it revises, a branch its id and origin. */
export interface Thought {
  number: number;
  content: string;
  revises: number | null;
  branchId: string | null;
  branchFrom: number | null;
  createdAt: Date;
}

export interface ChainExtraction {
  summary: FormedMemory;
  revisionPatterns: FormedMemory[];
}
