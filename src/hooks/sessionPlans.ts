import { createHash } from 'node:crypto';
import * as path from 'node:path';
import * as z from 'zod';
import { ensureDataDir } from '../adapters/files/nodeWorkspaceFiles';
import { createStateFile, listStateDir, readStateText, removeStateFile, stateFileInfo, writeStateFile } from '../adapters/files/stateFiles';
import type { WorkspaceServices } from '../composition';
import { escapeUnsafe } from '../core/displayText';
import { NotFoundError, StoreError } from '../core/errors';
import { UlidSchema } from '../core/ids';
import { HOOK_AGENT_NAMES, type HookAgent } from '../daemonClient/hookAgents';
import { promptLine } from './promptText';
import { sweepOldMarkers } from './sessionNotes';

/** What `.cleveragents/hooks/sessions/<agent>-<hash>.json` holds: which plan an agent session feeds. */
const SessionFileSchema = z.object({
  version: z.literal(1),
  agent: z.string().max(50),
  session_id: z.string().max(200),
  plan_id: UlidSchema,
  created_at: z.string().max(40),
});

const TITLE_MAX = 200;
const CREATE_LOCK_STALE_MS = 30_000;

export function sessionFilePath(root: string, agent: HookAgent, sessionId: string): string {
  const hash = createHash('sha256').update(`${agent}\0${sessionId}`).digest('hex').slice(0, 32);
  return path.join(root, '.cleveragents', 'hooks', 'sessions', `${agent}-${hash}.json`);
}

/**
 * A new plan's title: the agent and the first prompt's first line (`Claude Code: add due dates`),
 * or, when the session's first event is a tool call, `<Agent> session <id>`. A title never changes
 * afterwards (plans have no rename); the prompts are in their checkpoints' reasons.
 */
export function planTitle(agent: HookAgent, sessionId: string, prompt: string | undefined): string {
  const line = prompt === undefined ? '' : promptLine(prompt);
  const title = line !== '' ? `${HOOK_AGENT_NAMES[agent]}: ${line}` : `${HOOK_AGENT_NAMES[agent]} session ${escapeUnsafe(sessionId.slice(0, 12))}`;
  return [...title].slice(0, TITLE_MAX).join('');
}

/** A session file holds one short record: a bigger one is not ours. */
const SESSION_FILE_MAX_BYTES = 4096;

function readSessionPlanId(root: string, file: string): string | undefined {
  try {
    const text = readStateText(root, file, SESSION_FILE_MAX_BYTES);
    if (text === undefined) return undefined;
    const parsed = SessionFileSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.plan_id : undefined;
  } catch {
    return undefined;
  }
}

/** The plan an agent session feeds, as its session file names it (undefined when it has none yet). */
export function sessionPlanIdOf(root: string, agent: HookAgent, sessionId: string): string | undefined {
  return readSessionPlanId(root, sessionFilePath(root, agent, sessionId));
}

/** At most this many session files are read (a folder of thousands would stall whoever asks). */
const SESSION_FILES_READ_MAX = 500;

/**
 * The plans that agents' hooks feed in this workspace, from their session files: the extension's
 * own automatic checkpoints leave them alone (the hooks checkpoint each tool call already).
 */
export async function hookFedPlanIds(root: string): Promise<Set<string>> {
  const dir = path.dirname(sessionFilePath(root, 'copilot', ''));
  let names: string[];
  try {
    names = listStateDir(root, dir);
  } catch {
    return new Set();
  }
  const ids = new Set<string>();
  for (const name of names.filter((n) => n.endsWith('.json')).slice(0, SESSION_FILES_READ_MAX)) {
    const id = readSessionPlanId(root, path.join(dir, name));
    if (id !== undefined) ids.add(id);
  }
  return ids;
}

/**
 * A plan made at the session's start, before any prompt, is titled by the session; its first
 * prompt then gives it the title it would have had (`Claude Code: add due dates`). A title set
 * otherwise is left alone.
 */
async function titleByFirstPrompt(services: WorkspaceServices, planId: string, agent: HookAgent, sessionId: string, prompt: string | undefined): Promise<void> {
  if (prompt === undefined || promptLine(prompt) === '') return;
  const bySession = planTitle(agent, sessionId, undefined);
  const plan = await services.plans.getPlan(planId);
  if (plan.title === bySession) await services.plans.retitleIf(planId, bySession, planTitle(agent, sessionId, prompt));
}

/**
 * The plan still takes the session's checkpoints: it exists, and nobody applied, cancelled or ended
 * it (End Session marks it completed). Otherwise the agent's next event starts a new plan: a
 * session the person ended stays as they left it.
 */
async function usablePlan(services: WorkspaceServices, planId: string): Promise<boolean> {
  try {
    const plan = await services.plans.getPlan(planId);
    return plan.state !== 'applied' && plan.state !== 'cancelled' && plan.state !== 'completed';
  } catch (error) {
    if (error instanceof NotFoundError) return false;
    throw error;
  }
}

/**
 * Holds `<session file>.lock` (O_EXCL) while a session's plan is made, so that two hooks of one
 * session that start at once (parallel tool calls) make one plan. Waits up to `waitMs`; a lock older
 * than 30 s was left by a killed hook and is removed.
 */
async function withCreateLock<T>(root: string, file: string, waitMs: number, work: () => Promise<T>): Promise<T> {
  const lock = `${file}.lock`;
  const deadline = Date.now() + waitMs;
  for (let delay = 5; !createStateFile(root, lock); delay = Math.min(delay * 2, 100)) {
    const info = stateFileInfo(root, lock);
    const age = info ? Date.now() - info.mtimeMs : 0;
    if (age > CREATE_LOCK_STALE_MS) removeQuietly(root, lock);
    else if (Date.now() >= deadline) throw new StoreError(`another hook of this session is making its plan (${lock})`);
    else await new Promise((r) => setTimeout(r, delay));
  }
  try {
    return await work();
  } finally {
    removeQuietly(root, lock);
  }
}

function removeQuietly(root: string, file: string): void {
  try {
    removeStateFile(root, file);
  } catch {
    // gone already, or refused: a later hook breaks it when stale
  }
}

export interface SessionPlan {
  readonly planId: string;
  /** Made by this call: the plan has no checkpoint yet. */
  readonly created: boolean;
}

/**
 * The plan of an agent session: looked up in its session file, or made on first sight (in place,
 * the whole workspace as its sandbox, executing) and recorded there atomically. A session whose
 * plan was deleted, applied, cancelled or ended gets a new one.
 */
export async function sessionPlan(
  services: WorkspaceServices,
  root: string,
  agent: HookAgent,
  sessionId: string,
  prompt: string | undefined,
  waitMs: number,
  /** False once the hook has been answered: no plan (nor session file) is made after that. */
  stillWaited: () => boolean = () => true,
): Promise<SessionPlan> {
  const file = sessionFilePath(root, agent, sessionId);
  const known = readSessionPlanId(root, file);
  if (known !== undefined && (await usablePlan(services, known))) {
    await titleByFirstPrompt(services, known, agent, sessionId, prompt);
    return { planId: known, created: false };
  }
  await ensureDataDir(root);
  const made = await withCreateLock(root, file, waitMs, async () => {
    const again = readSessionPlanId(root, file);
    if (again !== undefined && again !== known && (await usablePlan(services, again))) return { planId: again, created: false };
    if (!stillWaited()) throw new StoreError('no plan made: the hook had already been answered');
    const plan = await services.plans.createPlan({ title: planTitle(agent, sessionId, prompt), sandbox: '.' });
    await services.plans.setState(plan.plan_id, 'executing');
    const record = { version: 1, agent, session_id: sessionId, plan_id: plan.plan_id, created_at: new Date().toISOString() };
    writeStateFile(root, file, `${JSON.stringify(record)}\n`);
    return { planId: plan.plan_id, created: true };
  });
  if (made.created) {
    await sweepEndedSessions(services, root, file);
    sweepOldMarkers(root, SWEEP_PER_SESSION);
  }
  return made;
}

/** Session files looked at per new session: the sweep's cost stays bounded, and folders shrink over sessions. */
const SWEEP_PER_SESSION = 20;

/** A session file younger than this is left alone: its plan may be being made by a hook of its own. */
const SWEEP_MIN_AGE_MS = 10 * 60_000;

/**
 * When a session starts, up to 20 other session files whose plans no longer take checkpoints
 * (ended, applied, cancelled or deleted) are removed: the agent's next event of such a session
 * starts a new plan with or without its file, and {@link hookFedPlanIds} reads a bounded number
 * of files (the extension's automatic checkpoints leave those plans alone), so a folder of every
 * session ever would hide the newest. Old markers of `seen/` go the same way. Best effort: a file that cannot be read or removed is left for a later sweep.
 */
async function sweepEndedSessions(services: WorkspaceServices, root: string, current: string): Promise<void> {
  const dir = path.dirname(current);
  let names: string[];
  try {
    names = listStateDir(root, dir).filter((n) => n.endsWith('.json') && n !== path.basename(current));
  } catch {
    return;
  }
  // In a random order: sessions that never ended keep their files (their plans still execute),
  // and a fixed order would look at the same ones each time.
  let looked = 0;
  for (const name of shuffled(names)) {
    if (looked >= SWEEP_PER_SESSION) break;
    const file = path.join(dir, name);
    try {
      const info = stateFileInfo(root, file);
      if (!info?.isFile() || Date.now() - info.mtimeMs < SWEEP_MIN_AGE_MS) continue;
      looked++;
      const planId = readSessionPlanId(root, file);
      if (planId === undefined || !(await usablePlan(services, planId))) removeQuietly(root, file);
    } catch {
      // unreadable now: a later session's sweep tries again
    }
  }
}

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
