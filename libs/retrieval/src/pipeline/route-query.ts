import type { QueryRoute } from './retrieve.types.js';

/*
 * Adaptive query routing (seed 001 ADR-011 stage 1). A cheap, deterministic classifier: a query
 * with nothing to look up is skipped, a question about how things connect is multi-hop (search,
 * then graph expansion), a request for an overview is exploratory (wider net), anything else simple.
 */

const SMALL_TALK = /^(hi|hello|hey|thanks|thank you|thx|ok|okay|yes|no|sure|cool|great|bye|good (morning|night|evening))[\s!.?]*$/i;

const MULTI_HOP = [
  /\bwhy\b/i, /\bbecause of\b/i, /\bled to\b/i, /\bcaused?\b/i, /\bresult(ed)? in\b/i, /\bdepends? on\b/i,
  /\b(relation|relationship|connection|link)s? between\b/i, /\bhow (is|are|was|were|does|did) .+ (related|connected|linked)\b/i,
  /\bwhat (came|happened) (after|before)\b/i, /\b(derived|came) from\b/i, /\bimpact of .+ on\b/i, /\baffect(ed|s)?\b/i,
];

const EXPLORATORY = [
  /\b(overview|summary|summari[sz]e|everything|anything|all (the )?(we|you) know)\b/i, /\bwhat do (we|you|i) know about\b/i,
  /\b(list|show) (all|every)\b/i, /\bexplore\b/i, /\bbrainstorm\b/i, /\bwhat('s| is) (new|going on)\b/i, /\btell me about\b/i,
];

/** Routes a query. Empty text, small talk and text without a single word are `skip`. */
export function routeQuery(text: string): QueryRoute {
  const t = text.trim();
  if (t === '' || SMALL_TALK.test(t) || !/[\p{L}\p{N}]{2,}/u.test(t)) return 'skip';
  if (MULTI_HOP.some((re) => re.test(t))) return 'multi_hop';
  if (EXPLORATORY.some((re) => re.test(t))) return 'exploratory';
  return 'simple';
}

/** How each route shapes retrieval: the candidate multiplier and whether the graph is expanded. */
export interface RoutePlan {
  overFetch: number;
  expandGraph: boolean;
}

/** Seed 004 step 3 over-fetches top-k × 3; exploratory queries cast a wider net. */
export function planForRoute(route: QueryRoute): RoutePlan {
  switch (route) {
    case 'exploratory':
      return { overFetch: 5, expandGraph: false };
    case 'multi_hop':
      return { overFetch: 3, expandGraph: true };
    default:
      return { overFetch: 3, expandGraph: false };
  }
}
