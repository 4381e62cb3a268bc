// The built CLI (dist/cli.js), as the contract suite uses it on a session's workspace: install the
// hooks, read the plan and its checkpoints, diff and roll back. Each call runs in the environment
// of the session (resident process on or off), validated with zod where the suite relies on a field.
import { spawnSync } from 'node:child_process';
import { z } from 'zod';
import { CLI_PATH } from '../unit/helpers/cliHarness';

const Checkpoint = z.looseObject({
  checkpoint_id: z.string(),
  checkpoint_type: z.string(),
  created_at: z.string(),
  metadata: z.looseObject({
    reason: z.string().nullable().optional(),
    source_tool: z.string().nullable().optional(),
    extra: z.record(z.string(), z.unknown()).nullable().optional(),
  }),
});
export type Checkpoint = z.infer<typeof Checkpoint>;

export class CheckpointsCli {
  constructor(
    private readonly workspace: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** Runs `agents --format json …args` and returns its JSON document; fails on a non-zero exit. */
  json(...args: string[]): unknown {
    const r = spawnSync(process.execPath, [CLI_PATH, '--format', 'json', '--workspace', this.workspace, ...args], {
      cwd: this.workspace,
      env: this.env,
      encoding: 'utf8',
      input: '',
      timeout: 120_000,
    });
    if (r.error) throw r.error;
    if (r.status !== 0) throw new Error(`agents ${args.join(' ')} exited ${r.status ?? r.signal}:\n${r.stdout}${r.stderr}`);
    try {
      return JSON.parse(r.stdout) as unknown;
    } catch {
      throw new Error(`agents ${args.join(' ')} printed no JSON document:\n${r.stdout}${r.stderr}`);
    }
  }

  plans(): { plan_id: string; title: string }[] {
    return z.object({ plans: z.array(z.looseObject({ plan_id: z.string(), title: z.string() })) }).parse(this.json('plan', 'list')).plans;
  }

  checkpoints(planId: string): Checkpoint[] {
    return z.object({ checkpoints: z.array(Checkpoint) }).parse(this.json('plan', 'checkpoints', planId)).checkpoints;
  }

  /** The paths that differ from one checkpoint to another. */
  diff(planId: string, from: string, to: string): string[] {
    const out = z.object({ changes: z.array(z.object({ path: z.string(), change: z.string() })) }).parse(this.json('plan', 'diff', planId, from, to));
    return out.changes.map((c) => c.path).sort();
  }

  /** A rollback (full, or `--agent-only`) with `--yes`; returns the id that undoes it. */
  rollback(planId: string, checkpointId: string, options: { agentOnly?: boolean } = {}): string {
    const out = this.json('plan', 'rollback', '--yes', ...(options.agentOnly ? ['--agent-only'] : []), planId, checkpointId);
    return z.object({ post_rollback_state: z.object({ undo_checkpoint_id: z.string() }) }).parse(out).post_rollback_state.undo_checkpoint_id;
  }

  hookInstall(agent: string): void {
    this.json('hook', 'install', agent);
  }

  /** Stops the workspace's resident process, if one runs (it would outlive the test's folder). */
  stopDaemon(): void {
    spawnSync(process.execPath, [CLI_PATH, 'daemon', 'stop', '--workspace', this.workspace], { env: this.env, encoding: 'utf8', input: '', timeout: 30_000 });
  }
}
