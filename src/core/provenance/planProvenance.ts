import { authoredStretches, type Author } from '../authorship';
import type { Checkpoint } from '../checkpoint';
import { combineBlames, lineProvenance, type FileBlame, type FileVersion, type LineAuthor, type ProvenanceStep, type StepAuthor, type StretchTimes } from './lineProvenance';

// One plan's checkpoints as the steps of a file's history: the file at its first checkpoint is the
// base, each later checkpoint (and the files now) a step whose author is its stretch's, as the
// authorship record's fences say (core/authorship.ts).

/** A plan's checkpoints, oldest first, and the file (relative to the plan's sandbox) at each. */
export interface PlanFileHistory {
  readonly plan_id: string;
  readonly checkpoints: readonly Checkpoint[];
  /** `versions[i]`: the file at `checkpoints[i]`. */
  readonly versions: readonly FileVersion[];
  /** A tool call of the plan is open now: the step to the file now is unknown (core/openFences.ts). */
  readonly open_now?: boolean;
}

/** The steps of one plan's history up to `now` (the file as it is), with whose each change was. */
export function planSteps(history: PlanFileHistory, now: FileVersion): { base: FileVersion; baseAuthor: Extract<LineAuthor, { kind: 'before_checkpoints' }>; steps: ProvenanceStep[] } {
  const { checkpoints, versions } = history;
  const first = checkpoints[0];
  if (first === undefined) return { base: now, baseAuthor: { kind: 'before_checkpoints', until: null }, steps: [] };
  const index = new Map(checkpoints.map((c, i) => [c.checkpoint_id, i]));
  const byId = new Map(checkpoints.map((c) => [c.checkpoint_id, c]));
  const steps = authoredStretches(history.plan_id, checkpoints, 0, history.open_now === true).map((st, i): ProvenanceStep => {
    const times: StretchTimes = { plan_id: history.plan_id, from_checkpoint_id: st.from.checkpoint_id, to_checkpoint_id: st.to?.checkpoint_id ?? null, since: st.from.created_at, until: st.to?.created_at ?? null };
    return { version: st.to === undefined ? now : versions[i + 1]!, author: stepAuthor(st.author, times, index, byId), times };
  });
  return { base: versions[0]!, baseAuthor: { kind: 'before_checkpoints', until: first.created_at }, steps };
}

function extraText(c: Checkpoint | undefined, key: string): string | null {
  const v = c?.metadata.extra[key];
  return typeof v === 'string' && v !== '' ? v : null;
}

function stepAuthor(author: Author, times: StretchTimes, index: ReadonlyMap<string, number>, byId: ReadonlyMap<string, Checkpoint>): StepAuthor {
  switch (author.kind) {
    case 'tool_call': {
      const post = byId.get(author.checkpoint_id);
      const prompt = author.prompt_checkpoint_id === null ? null : (byId.get(author.prompt_checkpoint_id)?.metadata.reason ?? null);
      // A tool call's stretch ends at its post_step (a background command's begins there: it runs to the next checkpoint).
      return { ...author, prompt, session_id: extraText(post, 'session_id'), input: extraText(post, 'file_path') ?? extraText(post, 'command'), since: times.since, until: times.until ?? times.since };
    }
    case 'restore':
      return { kind: 'restore', restored_from: index.get(author.restored_from) ?? -1, ...times };
    case 'unknown':
      return { kind: 'unknown', reason: author.reason, ...times };
    default:
      // `other_session` is the record's finding across plans; one plan's stretches never name it.
      return { kind: 'outside_tool_calls', ...times };
  }
}

/**
 * The provenance of a file now (`now`: its bytes), from every plan over it, each plan's history
 * read at its checkpoints. `nowVersion` gives the file now the id of an equal version of a plan's
 * history (see provenanceReader.ts).
 */
export function fileProvenance(histories: readonly PlanFileHistory[], now: Uint8Array, nowVersion: (history: PlanFileHistory) => FileVersion): FileBlame {
  if (histories.length === 0) return lineProvenance({ id: 'now', content: now }, { kind: 'before_checkpoints', until: null }, []);
  return combineBlames(
    histories.map((h) => {
      const { base, baseAuthor, steps } = planSteps(h, nowVersion(h));
      return lineProvenance(base, baseAuthor, steps);
    }),
  );
}
