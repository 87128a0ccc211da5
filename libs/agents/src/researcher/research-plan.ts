import { parseTimeRange, type TimeRange } from './time-range.js';

/** What the Researcher will retrieve (seed 000 FR-09 step 2). */
export interface ResearchPlan {
  /** The query as asked. */
  query: string;
  /** The words that carry meaning, for keyword search and the fallback attempt. */
  keyTerms: string[];
  /** Types the query asks about; absent: every type. */
  memoryTypes?: string[];
  timeRange?: TimeRange;
  topK: number;
}

// Words (and their plurals/verb forms) that name a memory type.
const TYPE_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/\b(decisions?|decided|decide|chose|chosen|choices?)\b/i, 'decision'],
  [/\b(beliefs?|believe[sd]?|assumptions?|assume[sd]?)\b/i, 'belief'],
  [/\b(facts?)\b/i, 'fact'],
  [/\b(preferences?|prefers?|preferred)\b/i, 'preference'],
  [/\b(episodes?|incidents?|what happened|meetings?|outages?)\b/i, 'episode'],
  [/\b(tasks?|todos?|to-dos?)\b/i, 'task'],
  [/\b(skills?|how to|procedures?|playbooks?|runbooks?)\b/i, 'skill'],
];

const FILLER = new Set([
  'what', 'which', 'who', 'whom', 'when', 'where', 'why', 'how', 'have', 'has', 'had', 'been', 'was', 'were', 'is', 'are', 'be', 'do',
  'does', 'did', 'made', 'make', 'we', 'i', 'you', 'our', 'us', 'me', 'my', 'the', 'a', 'an', 'of', 'about', 'on', 'in', 'for', 'to',
  'and', 'or', 'any', 'all', 'there', 'that', 'this', 'these', 'those', 'with', 'regarding', 'concerning', 'around', 'tell', 'show',
  'find', 'list', 'give', 'since', 'before', 'during', 'last', 'past', 'previous', 'recent', 'recently', 'latest', 'lately', 'today',
  'yesterday', 'week', 'weeks', 'month', 'months', 'year', 'years', 'day', 'days', 'it', 'its', 'can', 'could', 'should', 'would',
  'please', 'know', 'so', 'far',
]);

const TYPE_TERMS = /^(decisions?|decided|decide|chose|chosen|choices?|beliefs?|believed?|assumptions?|facts?|preferences?|episodes?|incidents?|tasks?|todos?|skills?|procedures?)$/i;

/** Deterministic plan: types from type words, a time range from time phrases, key terms from what is left. */
export function planResearch(query: string, now: Date, topK = 10): ResearchPlan {
  const types = [...new Set(TYPE_WORDS.filter(([re]) => re.test(query)).map(([, t]) => t))];
  const timeRange = parseTimeRange(query, now);
  const withoutTime = timeRange ? query.replace(timeRange.label, ' ') : query;
  const words = withoutTime.match(/[\p{L}\p{N}][\p{L}\p{N}_.-]*/gu) ?? [];
  const keyTerms = [...new Set(words.map((w) => w.replace(/[.-]+$/, '')).filter((w) => w.length > 1 && !FILLER.has(w.toLowerCase()) && !TYPE_TERMS.test(w) && !/^\d{4}$/.test(w) && !isMonth(w)))];
  return { query, keyTerms, topK, ...(types.length > 0 && { memoryTypes: types }), ...(timeRange && { timeRange }) };
}

function isMonth(w: string): boolean {
  return /^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*$/i.test(w) && w.length >= 3 && timeMonthWord(w);
}

function timeMonthWord(w: string): boolean {
  return ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']
    .some((m) => m.startsWith(w.toLowerCase()) || w.toLowerCase() === m);
}
