// The questions the commands ask: input boxes and quick picks. Each returns undefined when the
// user cancels (Escape), which ends the command quietly.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { showModal, showInput, showPick } from '../shownText';
import type { Checkpoint } from '../../core/checkpoint';
import type { CheckpointService } from '../../core/checkpointService';
import { PlanSchema, type Plan } from '../../core/plan';
import { DEFAULT_RETENTION_POLICY, MAX_MAX_CHECKPOINTS, MIN_MAX_CHECKPOINTS, type CheckpointRetentionPolicy } from '../../core/retentionPolicy';
import { checkpointDescription, checkpointIcon, checkpointLabel, planDescription, planIcon } from '../tree/treePresentation';

export interface SandboxChoice {
  readonly sandbox?: string;
  readonly isolated?: boolean;
}

export async function askPlanTitle(): Promise<string | undefined> {
  const title = await showInput({
    title: 'Create Plan (1/2)',
    prompt: 'What is the plan about?',
    placeHolder: 'e.g. Replace the hand-written parser',
    ignoreFocusOut: true,
    validateInput: (value) => {
      const parsed = PlanSchema.shape.title.safeParse(value);
      return parsed.success ? undefined : `The title ${parsed.error.issues[0].message}.`;
    },
  });
  return title?.trim();
}

/** Folders a plan rarely works in, left out of the quick pick (they can still be browsed to). */
const NOT_SANDBOXES = new Set(['.git', '.cleveragents', 'node_modules', '.vscode-test']);
const MAX_LISTED_FOLDERS = 30;

type SandboxItem = vscode.QuickPickItem & { choice?: SandboxChoice | 'browse' };

export async function askSandbox(folder: vscode.WorkspaceFolder): Promise<SandboxChoice | undefined> {
  const entries = await Promise.resolve(vscode.workspace.fs.readDirectory(folder.uri)).catch(() => [] as [string, vscode.FileType][]);
  const subfolders = entries
    .filter(([name, type]) => (type & vscode.FileType.Directory) !== 0 && !NOT_SANDBOXES.has(name))
    .map(([name]) => name)
    .sort((a, b) => a.localeCompare(b))
    .slice(0, MAX_LISTED_FOLDERS);
  const items: SandboxItem[] = [
    {
      label: '$(root-folder) Whole workspace folder',
      description: folder.name,
      detail: 'Works in place; checkpoints capture every file that .gitignore does not exclude.',
      choice: { sandbox: '.' },
    },
    {
      label: '$(copy) Isolated copy',
      detail: 'Works in a private copy under .cleveragents/sandboxes/; the workspace changes only when the plan is applied.',
      choice: { isolated: true },
    },
    { label: 'In place, in one folder', kind: vscode.QuickPickItemKind.Separator },
    ...subfolders.map((name): SandboxItem => ({ label: `$(folder) ${name}`, description: `${name}/`, choice: { sandbox: name } })),
    { label: '$(folder-opened) Other folder…', detail: 'Choose any folder inside the workspace folder.', choice: 'browse' },
  ];
  const picked = await showPick(items, {
    title: 'Create Plan (2/2)',
    placeHolder: 'Where does the plan work? Its checkpoints capture this folder.',
    ignoreFocusOut: true,
    matchOnDescription: true,
  });
  if (!picked?.choice) return undefined;
  if (picked.choice !== 'browse') return picked.choice;
  const chosen = await vscode.window.showOpenDialog({
    title: 'Sandbox folder of the plan',
    defaultUri: folder.uri,
    canSelectFiles: false,
    canSelectFolders: true,
    canSelectMany: false,
    openLabel: 'Use as Sandbox',
  });
  if (!chosen?.[0]) return undefined;
  // Only made relative here; the plan service decides whether it stays inside the folder.
  const relative = path.relative(folder.uri.fsPath, chosen[0].fsPath).split(path.sep).join('/');
  return { sandbox: relative === '' ? '.' : relative };
}

export async function askCheckpointReason(plan: Plan): Promise<string | undefined> {
  const reason = await showInput({
    title: `Create Manual Checkpoint: ${plan.title}`,
    prompt: 'Why this checkpoint? (optional; it becomes the label in the tree)',
    placeHolder: 'e.g. Before trying another approach',
    ignoreFocusOut: true,
    validateInput: (value) => (value.length > 1000 ? 'At most 1000 characters.' : undefined),
  });
  return reason?.trim();
}

export async function askRetentionPolicy(plan: Plan): Promise<CheckpointRetentionPolicy | undefined> {
  const current = plan.retention;
  const max = await showInput({
    title: `Set Retention Policy: ${plan.title} (1/2)`,
    prompt: `How many checkpoints may the plan keep? ${MIN_MAX_CHECKPOINTS}–${MAX_MAX_CHECKPOINTS} (default ${DEFAULT_RETENTION_POLICY.max_checkpoints})`,
    value: String(current.max_checkpoints),
    ignoreFocusOut: true,
    validateInput: (value) => {
      const n = Number(value.trim());
      return /^\d+$/.test(value.trim()) && n >= MIN_MAX_CHECKPOINTS && n <= MAX_MAX_CHECKPOINTS
        ? undefined
        : `Enter a whole number from ${MIN_MAX_CHECKPOINTS} to ${MAX_MAX_CHECKPOINTS}.`;
    },
  });
  if (max === undefined) return undefined;
  const mark = (on: boolean) => (current.auto_prune === on ? ' (current)' : '');
  const picked = await showPick(
    [
      { label: `$(trash) Prune automatically${mark(true)}`, detail: 'When a new checkpoint exceeds the limit, the oldest ones in between go; the first and the newest always stay.', autoPrune: true },
      { label: `$(lock) Keep every checkpoint${mark(false)}`, detail: 'The limit is not enforced; delete checkpoints by hand.', autoPrune: false },
    ],
    { title: `Set Retention Policy: ${plan.title} (2/2)`, placeHolder: 'What happens when the plan has more checkpoints than that?', ignoreFocusOut: true },
  );
  if (!picked) return undefined;
  return { max_checkpoints: Number(max.trim()), auto_prune: picked.autoPrune };
}

export interface PlanChoice<T> {
  readonly plan: Plan;
  readonly folderName: string | undefined;
  readonly value: T;
}

export async function pickPlan<T>(choices: readonly PlanChoice<T>[], placeHolder: string): Promise<T | undefined> {
  const picked = await showPick(
    choices.map((c) => ({ label: `$(${planIcon(c.plan).id}) ${c.plan.title}`, description: planDescription(c.plan), detail: c.folderName, value: c.value })),
    { placeHolder, matchOnDescription: true, ignoreFocusOut: true },
  );
  return picked?.value;
}

/**
 * Asks for a checkpoint by its label and time (newest first, no ids). Those holding exactly the
 * files as they are now (`sameAsNow`) are marked so and come last, under a separator: the item a
 * picker selects first is never one that would change nothing.
 */
export async function pickCheckpoint(checkpointsOldestFirst: readonly Checkpoint[], placeHolder: string, sameAsNow: ReadonlySet<string> = new Set()): Promise<Checkpoint | undefined> {
  const now = new Date();
  type Item = vscode.QuickPickItem & { checkpoint?: Checkpoint };
  const item = (c: Checkpoint, same: boolean): Item => ({
    label: `$(${checkpointIcon(c).id}) ${checkpointLabel(c)}`,
    description: `${same ? 'same as now · ' : ''}${checkpointDescription(c, now)}`,
    detail: `${CHECKPOINT_TYPE_NAMES[c.checkpoint_type]}, taken ${c.created_at.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC')}`,
    checkpoint: c,
  });
  const newestFirst = [...checkpointsOldestFirst].reverse();
  const differ = newestFirst.filter((c) => !sameAsNow.has(c.checkpoint_id));
  const same = newestFirst.filter((c) => sameAsNow.has(c.checkpoint_id));
  const items: Item[] = [
    ...differ.map((c) => item(c, false)),
    ...(same.length > 0 ? [{ label: 'Same as the files now', kind: vscode.QuickPickItemKind.Separator }, ...same.map((c) => item(c, true))] : []),
  ];
  const picked = await showPick(items, { placeHolder, matchOnDescription: true, matchOnDetail: true, ignoreFocusOut: true });
  return picked?.checkpoint;
}

const CHECKPOINT_TYPE_NAMES: Record<Checkpoint['checkpoint_type'], string> = { manual: 'manual', pre_write: 'before a write', post_step: 'after a step' };

/**
 * The plan's checkpoints that hold exactly the files as they are now: when the newest does (one
 * comparison), every checkpoint with the same snapshot. Empty when that cannot be told.
 */
export async function checkpointsSameAsNow(checkpoints: Pick<CheckpointService, 'diff'>, planId: string, oldestFirst: readonly Checkpoint[]): Promise<Set<string>> {
  const newest = oldestFirst.at(-1);
  if (!newest) return new Set();
  const changes = await checkpoints.diff(planId, newest.checkpoint_id).catch(() => undefined);
  if (!changes || changes.length > 0) return new Set();
  return new Set(oldestFirst.filter((c) => c.sandbox_ref === newest.sandbox_ref).map((c) => c.checkpoint_id));
}

export async function confirmDelete(checkpoint: Checkpoint, plan: Plan): Promise<boolean> {
  const choice = await showModal(
    `Delete the checkpoint “${checkpointLabel(checkpoint)}”?`,
    [
      `It belongs to the plan “${plan.title}” and was made ${checkpointDescription(checkpoint, new Date()).split(' · ')[0]}. ` +
        'Its snapshot is dropped from the shadow store; this cannot be undone.',
    ],
    ['Delete'],
  );
  return choice === 'Delete';
}
