import { escapeUnsafe } from '../core/displayText';
import { isWholeId, resolveIdPrefix, type IdCandidate } from '../core/idPrefix';
import type { Command } from './args';
import type { CommandContext } from './commandContext';

type Services = CommandContext['services'];

/**
 * The command with every id the user shortened made whole. Whole ids cost nothing; a prefix costs
 * one read of the plans (and of the plan's checkpoints, decisions or corrections when one of those
 * is shortened).
 */
export async function resolveIdPrefixes(command: Command, services: Services): Promise<Command> {
  if (!('planId' in command)) return command;
  const given = command.planId;
  // `blame` and `log` may leave it out.
  if (given === undefined) return command;
  const planId = isWholeId(given) ? given : resolveIdPrefix(given, await planCandidates(services), 'plan');
  let resolved: Command = { ...command, planId };
  const checkpoints = lazy(() => checkpointCandidates(services, planId));
  for (const field of ['checkpointId', 'fromCheckpointId', 'toCheckpointId'] as const) {
    const value = field in resolved ? (resolved as Record<string, unknown>)[field] : undefined;
    if (typeof value === 'string' && !isWholeId(value)) resolved = { ...resolved, [field]: resolveIdPrefix(value, await checkpoints(), 'checkpoint') } as Command;
  }
  if (resolved.name === 'correct' && !isWholeId(resolved.decisionId)) {
    const decisions = await services.corrections.listDecisions(planId);
    resolved = { ...resolved, decisionId: resolveIdPrefix(resolved.decisionId, decisions.map(({ decision: d }) => ({ id: d.decision_id, label: escapeUnsafe(d.title) })), 'decision') };
  }
  if (resolved.name === 'correct-undo' && !isWholeId(resolved.correctionId)) {
    const corrections = await services.corrections.listCorrections(planId);
    resolved = { ...resolved, correctionId: resolveIdPrefix(resolved.correctionId, corrections.map((c) => ({ id: c.correction_id, label: c.created_at })), 'correction') };
  }
  return resolved;
}

async function planCandidates(services: Services): Promise<IdCandidate[]> {
  return (await services.plans.listPlans()).map((p) => ({ id: p.plan_id, label: escapeUnsafe(p.title) }));
}

async function checkpointCandidates(services: Services, planId: string): Promise<IdCandidate[]> {
  return (await services.checkpoints.listCheckpoints(planId)).map((c) => ({
    id: c.checkpoint_id,
    label: `${c.checkpoint_type}, ${c.created_at}${c.metadata.reason ? `, ${escapeUnsafe(c.metadata.reason.slice(0, 60))}` : ''}`,
  }));
}

function lazy<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= make());
}
/** How a table shows an id: its short form when the text is for a person. */
export async function idShown(ctx: CommandContext): Promise<(id: string) => string> {
  const short = await ctx.shortIds?.();
  return short ? (id) => short.of(id) : (id) => id;
}
