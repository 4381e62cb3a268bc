import type { UnknownReason } from '../core/authorship';
import { OUTSIDE_TOOL_CALLS_WHO } from '../core/authorshipText';
import type { ChangeAuthor, FileChange } from '../core/provenance/fileLog';
import type { LineAuthor } from '../core/provenance/lineProvenance';
import type { BlameResult, LogResult } from '../core/provenance/provenanceService';

// The JSON of `agents blame` and `agents log` (docs/PROVENANCE.md): every key in a fixed order,
// every author kind with the same keys wherever it appears.

/** What the workspace's own git says of a line that was there before any checkpoint. */
export interface GitLineJson {
  commit: string;
  author: string;
  author_time: string;
  summary: string;
}

export type LineAuthorJson =
  | {
      kind: 'tool_call';
      plan_id: string;
      checkpoint_id: string;
      pre_write_checkpoint_id: string | null;
      source_tool: string | null;
      agent: string | null;
      session_id: string | null;
      tool_use_id: string | null;
      subagent: string | null;
      input: string | null;
      prompt_checkpoint_id: string | null;
      prompt: string | null;
      since: string;
      until: string;
    }
  | { kind: 'outside_tool_calls'; who: string; plan_id: string; from_checkpoint_id: string; to_checkpoint_id: string | null; since: string; until: string | null }
  | { kind: 'unknown'; reason: UnknownReason; plan_id: string; from_checkpoint_id: string; to_checkpoint_id: string | null; since: string; until: string | null }
  | { kind: 'before_checkpoints'; until: string | null; git: GitLineJson | null };

/** One line (`line` 1-based; null: the one entry of a binary file) and who wrote it. */
export type BlameLineJson = { line: number | null; text: string | null } & LineAuthorJson;

export interface BlameEnvelope {
  blame: { path: string; binary: boolean; plan_ids: string[]; lines: BlameLineJson[] };
}

export type ChangeAuthorJson = Exclude<LineAuthorJson, { kind: 'before_checkpoints' }> | { kind: 'restore'; restored_from: string | null; plan_id: string; from_checkpoint_id: string; to_checkpoint_id: string | null; since: string; until: string | null };

export type LogChangeJson = ChangeAuthorJson & { change: FileChange['change']; diff?: string };

export interface LogEnvelope {
  log: { path: string; plan_ids: string[]; changes: LogChangeJson[] };
}

export function lineAuthorJson(a: LineAuthor, git: GitLineJson | null = null): LineAuthorJson {
  switch (a.kind) {
    case 'tool_call':
      return {
        kind: a.kind,
        plan_id: a.plan_id,
        checkpoint_id: a.checkpoint_id,
        pre_write_checkpoint_id: a.pre_write_checkpoint_id,
        source_tool: a.source_tool,
        agent: a.agent,
        session_id: a.session_id,
        tool_use_id: a.tool_use_id,
        subagent: a.subagent,
        input: a.input,
        prompt_checkpoint_id: a.prompt_checkpoint_id,
        prompt: a.prompt,
        since: a.since,
        until: a.until,
      };
    case 'outside_tool_calls':
      return { kind: a.kind, who: OUTSIDE_TOOL_CALLS_WHO, plan_id: a.plan_id, from_checkpoint_id: a.from_checkpoint_id, to_checkpoint_id: a.to_checkpoint_id, since: a.since, until: a.until };
    case 'unknown':
      return { kind: a.kind, reason: a.reason, plan_id: a.plan_id, from_checkpoint_id: a.from_checkpoint_id, to_checkpoint_id: a.to_checkpoint_id, since: a.since, until: a.until };
    default:
      return { kind: a.kind, until: a.until, git };
  }
}

/** `{"blame": …}`; `git`: the workspace's git of each line now (index: line - 1), when it has one. */
export function blameEnvelope(result: BlameResult, git: readonly (GitLineJson | null)[] | undefined): BlameEnvelope {
  const b = result.blame;
  const lines: BlameLineJson[] =
    b.state === 'text'
      ? b.lines.map((l) => ({ line: l.line, text: l.text, ...lineAuthorJson(l, git?.[l.line - 1] ?? null) }))
      : b.state === 'binary'
        ? [{ line: null, text: null, ...lineAuthorJson(b.author) }]
        : [];
  return { blame: { path: result.path, binary: b.state === 'binary', plan_ids: [...result.plan_ids], lines } };
}

function changeAuthorJson(a: ChangeAuthor): ChangeAuthorJson {
  if (a.kind !== 'restore') return lineAuthorJson(a) as ChangeAuthorJson;
  return { kind: a.kind, restored_from: a.restored_from, plan_id: a.plan_id, from_checkpoint_id: a.from_checkpoint_id, to_checkpoint_id: a.to_checkpoint_id, since: a.since, until: a.until };
}

/** `{"log": …}`; `diffs`: each change's unified diff (index: as `result.changes`), with -p. */
export function logEnvelope(result: LogResult, diffs: readonly string[] | undefined): LogEnvelope {
  return {
    log: {
      path: result.path,
      plan_ids: [...result.plan_ids],
      changes: result.changes.map((c, i) => ({ ...changeAuthorJson(c.author), change: c.change, ...(diffs === undefined ? {} : { diff: diffs[i] ?? '' }) })),
    },
  };
}
