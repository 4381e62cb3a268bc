import { OUTSIDE_TOOL_CALLS_WHO } from './authorshipText';
import { formatCount, plural } from './displayText';
import type { Checkpoint } from './checkpoint';
import type { Decision } from './decision';
import { decisionWindow } from './decisionGraph';
import { isLateCheckpoint } from './lateCheckpoints';
import type { Plan } from './plan';
import { pathInOtherSandbox, sandboxesOverlap } from './sandboxOverlap';

/**
 * Work that a rollback (or a correction) would undo although it is not what the user chose to take
 * back: another plan's, or a decision's of the same plan that is not being reverted. Both plans'
 * sandboxes overlap, so restoring a file of one can throw away what the other wrote to it later.
 */
export interface UndoneWork {
  /** Whose: another plan's (an agent session's), a decision's of this plan, or edits made outside tool calls ("you, or another program"). */
  readonly kind: 'plan' | 'decision' | 'outside_tool_calls';
  readonly plan_id: string;
  /** The decision whose work it is; null when it is another plan's. */
  readonly decision_id: string | null;
  /** The other plan's title, or the decision's. */
  readonly title: string;
  /** Paths of the rolled-back sandbox (as the preview lists them) whose later change is undone, sorted. */
  readonly paths: string[];
  /** `outside_tool_calls`: when the stretches that hold those edits began and ended (null: the files now). */
  readonly since?: string;
  readonly until?: string | null;
}

/** What `findUndoneWork` reads: the plans, their checkpoints, this plan's decisions, and a diff of two snapshots. */
export interface UndoneWorkSources {
  readonly plan: Plan;
  /** The checkpoint the files go back to: work recorded after it is what would be undone. */
  readonly target: Checkpoint;
  /** The paths the rollback would change, relative to the plan's sandbox. */
  readonly paths: readonly string[];
  /** Every plan of the workspace (this one included, ignored). */
  readonly plans: readonly Plan[];
  readonly checkpointsOf: (planId: string) => readonly Checkpoint[];
  /** The plan's own decisions. */
  readonly decisions: readonly Decision[];
  /** Decisions being reverted on purpose: their work is meant to go. */
  readonly reverting: ReadonlySet<string>;
  /** Paths changed from one snapshot to the other, each with an id of its content afterwards (none when deleted). */
  readonly changedBetween: (fromRef: string, toRef: string) => Promise<readonly { path: string; contentAfter?: string }[]>;
}

const GONE = '\0deleted';

/**
 * For each path a chain of checkpoints (oldest first) changed, the time each of its contents was
 * first recorded: two plans over one folder both capture whatever either wrote, and the content's
 * first recording tells whose work it was.
 */
async function firstRecorded(chain: readonly Checkpoint[], s: UndoneWorkSources, mapPath: (path: string) => string | undefined): Promise<Map<string, Map<string, string>>> {
  const seen = new Map<string, Map<string, string>>();
  for (let i = 1; i < chain.length; i++) {
    const [before, after] = [chain[i - 1]!, chain[i]!];
    if (before.sandbox_ref === after.sandbox_ref) continue;
    for (const c of await s.changedBetween(before.sandbox_ref, after.sandbox_ref)) {
      const path = mapPath(c.path);
      if (path === undefined) continue;
      const contents = seen.get(path) ?? new Map<string, string>();
      const content = c.contentAfter ?? GONE;
      if (!contents.has(content)) contents.set(content, after.created_at);
      seen.set(path, contents);
    }
  }
  return seen;
}

/**
 * Other plans whose sandboxes overlap this one and decisions not being reverted, each with the
 * paths of the rollback that they changed after the target checkpoint. A plan's later changes are
 * the diff from its newest checkpoint at or before the target's time (its first one when it has
 * none that old) to its newest, less the contents another plan (this one too) recorded first; a decision's are those of its window of checkpoints when the
 * window ends after the target.
 */
export async function findUndoneWork(s: UndoneWorkSources): Promise<UndoneWork[]> {
  if (s.paths.length === 0) return [];
  const touched = new Set(s.paths);
  const found: UndoneWork[] = [];
  const since = s.target.created_at;
  // A late checkpoint is no boundary (core/lateCheckpoints.ts): its time is not when its files were.
  const checkpointsOf = (planId: string) => s.checkpointsOf(planId).filter((c) => !isLateCheckpoint(c));
  const own = checkpointsOf(s.plan.plan_id);
  // Each overlapping plan's later changes to the rollback's paths (in this sandbox's terms), and
  // when each content was first recorded by it.
  const later: { plan: Plan; final: Map<string, string>; recorded: Map<string, Map<string, string>> }[] = [];
  for (const other of s.plans) {
    if (other.plan_id === s.plan.plan_id || !sandboxesOverlap(other.sandbox_path, s.plan.sandbox_path)) continue;
    const list = checkpointsOf(other.plan_id);
    const latest = list.at(-1);
    if (!latest || latest.created_at <= since) continue;
    const baseIndex = Math.max(0, list.filter((c) => c.created_at <= since).length - 1);
    const base = list[baseIndex]!;
    if (base.sandbox_ref === latest.sandbox_ref) continue;
    const mineOf = (p: string) => {
      const mine = pathInOtherSandbox(p, other.sandbox_path, s.plan.sandbox_path);
      return mine !== undefined && touched.has(mine) ? mine : undefined;
    };
    const final = new Map<string, string>();
    for (const c of await s.changedBetween(base.sandbox_ref, latest.sandbox_ref)) {
      const mine = mineOf(c.path);
      if (mine !== undefined) final.set(mine, c.contentAfter ?? GONE);
    }
    if (final.size === 0) continue;
    later.push({ plan: other, final, recorded: await firstRecorded(list.slice(baseIndex), s, mineOf) });
  }
  if (later.length > 0) {
    const ownRecorded = await firstRecorded([s.target, ...own.filter((c) => c.created_at > since)], s, (p) => (touched.has(p) ? p : undefined));
    for (const { plan, final, recorded } of later) {
      const paths: string[] = [];
      for (const [path, content] of final) {
        const theirs = recorded.get(path)?.get(content);
        // Plans over one folder all capture whatever any of them wrote: the work is the one's that
        // recorded this content first.
        const earlier = [ownRecorded, ...later.filter((l) => l.plan !== plan).map((l) => l.recorded)].some((r) => {
          const t = r.get(path)?.get(content);
          return t !== undefined && (theirs === undefined || t < theirs);
        });
        if (!earlier) paths.push(path);
      }
      if (paths.length > 0) found.push({ kind: 'plan', plan_id: plan.plan_id, decision_id: null, title: plan.title, paths: paths.sort() });
    }
  }
  for (const d of s.decisions) {
    if (d.state !== 'active' || s.reverting.has(d.decision_id)) continue;
    const window = decisionWindow(own, d);
    if (!window || window.to.created_at <= since || window.from.sandbox_ref === window.to.sandbox_ref) continue;
    const paths = (await s.changedBetween(window.from.sandbox_ref, window.to.sandbox_ref)).map((c) => c.path).filter((p) => touched.has(p));
    if (paths.length > 0) found.push({ kind: 'decision', plan_id: s.plan.plan_id, decision_id: d.decision_id, title: d.title, paths: [...new Set(paths)].sort() });
  }
  return found;
}

/** The most paths named per owner in a confirmation; the rest are counted. */
export const UNDONE_PATHS_SHOWN = 10;

/** A time of the record as a person reads it: `2026-12-03 12:01:02` (UTC). */
function shownTime(iso: string): string {
  return iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, '');
}

/** Who the work is, in a confirmation's words. */
function ownerText(w: UndoneWork, show: (value: string) => string): string {
  if (w.kind === 'outside_tool_calls') {
    const when = w.since === undefined ? '' : ` between ${shownTime(w.since)} and ${w.until ? shownTime(w.until) : 'now'}`;
    return `edits made outside tool calls (${OUTSIDE_TOOL_CALLS_WHO})${when}`;
  }
  return `${w.kind} “${show(w.title)}”`;
}

/**
 * One line per owner for a confirmation: `plan “Tidy the tests”, 1 path: test/todo.test.js`, the
 * first ten paths and a count of the rest (`all`: every path). `show` makes a title or path
 * displayable where the caller shows it (escaped for a terminal, for Markdown…).
 */
export function undoneWorkLines(work: readonly UndoneWork[], show: (value: string) => string = (value) => value, all = false): string[] {
  return work.map((w) => {
    const max = all ? w.paths.length : UNDONE_PATHS_SHOWN;
    const listed = w.paths.slice(0, max).map(show).join(', ');
    const more = w.paths.length > max ? ` and ${formatCount(w.paths.length - max)} more` : '';
    return `${ownerText(w, show)}, ${plural(w.paths.length, 'path')}: ${listed}${more}`;
  });
}

/** The heading above those lines. */
export function undoneWorkHeading(work: readonly UndoneWork[]): string {
  const plans = work.filter((w) => w.kind === 'plan').length;
  const decisions = work.filter((w) => w.kind === 'decision').length;
  const outside = work.some((w) => w.kind === 'outside_tool_calls');
  const whose = [plans ? (plans === 1 ? 'another plan' : `${plans} other plans`) : '', decisions ? (decisions === 1 ? 'a decision' : `${decisions} decisions`) : ''].filter(Boolean).join(' and ');
  if (!whose) return 'This also undoes edits made outside tool calls on the same files:';
  return `This also undoes later work of ${whose}${outside ? ', and edits made outside tool calls,' : ''} on the same files:`;
}
