import { randomUUID } from 'node:crypto';
import { TaskState, type Part, type TaskState as TaskStateValue } from '@a2a-js/sdk';
import { AgentEvent, type AgentExecutor, type ExecutionEventBus, type RequestContext } from '@a2a-js/sdk/server';
import { sliceFor, useCaseSlices, type CallContext, type MemoryService, type UseCaseSlices } from '@engram/agents';
import { toTaskFailure } from '../errors/to-task-failure.js';
import { resolveSkillRequest } from '../skills/resolve-skill-request.js';
import { protocolOf, type SkillResult } from '../skills/skill-definition.js';
import { agentMessage, dataPart, textPart } from './a2a-parts.js';

/** Who the memory service sees as the actor of A2A calls (recorded in the gate's audit trail). */
export const A2A_ACTOR_PREFIX = 'a2a:';

/** A key's actor and scopes (ADR-0027), else `a2a:<principal>` (the shared key, or anonymous without auth). */
function callerContext(user: unknown): CallContext {
  const u = (user ?? {}) as { userName?: string; engramCaller?: { actor: string; allowedScopes?: string[] } };
  if (u.engramCaller) return { actor: u.engramCaller.actor, ...(u.engramCaller.allowedScopes ? { allowedScopes: u.engramCaller.allowedScopes } : {}) };
  return { actor: `${A2A_ACTOR_PREFIX}${u.userName || 'anonymous'}` };
}

/**
 * Runs one skill per task (FR-08): submitted → working → (artifact) → completed, or failed with
 * the domain error, or canceled when tasks/cancel arrives before the skill's answer is published.
 * input-required is reserved: no skill asks the caller for more yet.
 */
export class EngramAgentExecutor implements AgentExecutor {
  /** Tasks whose skill is running, by id: their context, and whether tasks/cancel arrived. */
  private readonly running = new Map<string, { contextId: string; canceled: boolean }>();

  /** Each skill gets only the use cases it declares (ADR-0037): a frozen slice holding nothing else. */
  private readonly slices: UseCaseSlices;

  constructor(service: MemoryService) {
    this.slices = useCaseSlices(service);
  }

  // The canceled state is published at once, so tasks/cancel answers without waiting for the
  // skill; the skill's late answer is then dropped. A write the gate already committed stays
  // committed (the data part of a finished remember is the only place that says so).
  cancelTask = async (taskId: string, bus: ExecutionEventBus): Promise<void> => {
    const run = this.running.get(taskId);
    if (!run || run.canceled) return;
    run.canceled = true;
    bus.publish(AgentEvent.statusUpdate({
      taskId, contextId: run.contextId, metadata: undefined,
      status: { state: TaskState.TASK_STATE_CANCELED, timestamp: new Date().toISOString(), message: agentMessage(taskId, run.contextId, [textPart('Canceled on request.')]) },
    }));
  };

  execute = async (request: RequestContext, bus: ExecutionEventBus): Promise<void> => {
    const { taskId, contextId } = request;
    const status = (state: TaskStateValue, parts?: Part[]) => bus.publish(AgentEvent.statusUpdate({
      taskId, contextId, metadata: undefined,
      status: { state, timestamp: new Date().toISOString(), message: parts ? agentMessage(taskId, contextId, parts) : undefined },
    }));
    const run = { contextId, canceled: false };
    this.running.set(taskId, run);
    try {
      if (!request.task) {
        bus.publish(AgentEvent.task({
          id: taskId, contextId, artifacts: [], history: [request.userMessage], metadata: request.userMessage.metadata,
          status: { state: TaskState.TASK_STATE_SUBMITTED, timestamp: new Date().toISOString(), message: undefined },
        }));
      }
      const resolved = resolveSkillRequest(request.userMessage);
      if (!resolved.ok) return void status(TaskState.TASK_STATE_FAILED, [textPart(resolved.message), dataPart({ error: { code: 'INVALID_INPUT', message: resolved.message } })]);
      status(TaskState.TASK_STATE_WORKING, [textPart(`Running ${resolved.skill.id}…`)]);
      const protocol = protocolOf(request.context.requestedVersion);
      const result = await resolved.skill.run(resolved.input, { service: sliceFor(this.slices, resolved.skill.uses), ctx: callerContext(request.context.user), protocol });
      if (run.canceled) return;
      this.publishResult(bus, taskId, contextId, result);
      status(TaskState.TASK_STATE_COMPLETED, [textPart(result.summary), dataPart(result.data)]);
    } catch (err) {
      if (run.canceled) return;
      const failure = toTaskFailure(err);
      status(TaskState.TASK_STATE_FAILED, [textPart(`${failure.code}: ${failure.message}`), dataPart({ error: failure })]);
    } finally {
      this.running.delete(taskId);
    }
  };

  private publishResult(bus: ExecutionEventBus, taskId: string, contextId: string, result: SkillResult): void {
    if (!result.artifact) return;
    bus.publish(AgentEvent.artifactUpdate({
      taskId, contextId, append: false, lastChunk: true, metadata: undefined,
      artifact: {
        artifactId: randomUUID(), name: result.artifact.name, description: result.artifact.description,
        parts: [dataPart(result.artifact.data)], metadata: { mimeType: 'application/json' }, extensions: [],
      },
    }));
  }
}
