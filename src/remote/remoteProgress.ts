import { lastGitProgress } from '../core/remoteFailures';

// What a push or fetch tells whoever shows its progress (the editor's notification): a step in
// words and, when there are any, counts (plan 2 of 5; objects 9 of 20 as git reports them).

export interface RemoteProgress {
  readonly message: string;
  readonly done?: number;
  readonly total?: number;
}

export type RemoteProgressSink = (step: RemoteProgress) => void;

/** Hands git's `--progress` lines on as steps (`<what>: Writing objects 9/20`). */
export function gitProgressTo(sink: RemoteProgressSink, what: string): (chunk: string) => void {
  return (chunk) => {
    const p = lastGitProgress(chunk);
    if (p) sink({ message: `${what}: ${p.phase.toLowerCase()} ${p.done}/${p.total}`, done: p.done, total: p.total });
  };
}
