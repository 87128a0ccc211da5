import { InvalidInputError } from '@engram/agents';
import { inputProblem } from '@engram/memory';

/**
 * The one check every tool's arguments pass before its handler (issue 36): text that cannot be
 * stored (NUL, a lone surrogate) and JSON too deep or too large are refused by name, with the
 * path, for every field of every tool (prd_event's detail, prd_decision's reason and
 * start_thinking's metadata answered INTERNAL_ERROR).
 */
export function screenArguments(args: unknown): void {
  const problem = inputProblem(args);
  if (problem) throw new InvalidInputError(`the arguments cannot be stored: ${problem.replace(/^\$\.?/, '') || 'the input'}`);
}
