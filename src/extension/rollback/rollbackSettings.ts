import * as z from 'zod';
import { describeIssues } from '../../core/errors';

// The settings of rollback and automatic checkpoints, relative to the `cleveragents.checkpoints`
// section. Window-wide (not per folder): they describe how the user wants to be asked and how
// agents' writes are watched, not where data lives. No `vscode` import: the parser is unit-tested.

export const RollbackSettingKeys = {
  confirm: 'rollback.confirm',
  autoEnabled: 'autoCheckpoint.enabled',
  autoDebounceMs: 'autoCheckpoint.debounceMs',
  autoMinIntervalMs: 'autoCheckpoint.minIntervalMs',
} as const;

export interface RollbackSettings {
  /** Ask before rolling back (false: like the CLI's --yes). Unsaved editors are asked about anyway. */
  readonly confirm: boolean;
  readonly auto: AutoCheckpointSettings;
}

export interface AutoCheckpointSettings {
  /** Take pre_write / post_step checkpoints around bursts of writes while a plan is executing. */
  readonly enabled: boolean;
  /** A burst has settled after this long without a write. */
  readonly debounceMs: number;
  /** Never two automatic checkpoints of a plan closer than this. */
  readonly minIntervalMs: number;
}

export const DEFAULT_ROLLBACK_SETTINGS: RollbackSettings = {
  confirm: true,
  auto: { enabled: true, debounceMs: 2000, minIntervalMs: 5000 },
};

/** What `WorkspaceConfiguration.inspect` says of a setting, as far as the rules below need it. */
export interface InspectedSetting {
  readonly globalValue?: unknown;
  readonly workspaceValue?: unknown;
  readonly workspaceFolderValue?: unknown;
}

/**
 * The value a setting that guards the user counts with. `rollback.confirm` is the user's alone: a
 * workspace's own settings (which come with the repository an agent works on) are ignored, even in
 * a trusted workspace, where VS Code's `restricted` no longer applies. `autoCheckpoint.enabled` may
 * be switched on by a workspace, never off. Every other setting: as VS Code resolves it.
 */
export function safeguardValue(key: string, inspected: InspectedSetting | undefined, resolved: unknown): unknown {
  if (key === RollbackSettingKeys.confirm) return inspected?.globalValue;
  if (key === RollbackSettingKeys.autoEnabled) {
    const byWorkspace = inspected?.workspaceFolderValue === true || inspected?.workspaceValue === true;
    return byWorkspace ? true : inspected?.globalValue;
  }
  return resolved;
}

const fields = {
  [RollbackSettingKeys.confirm]: z.boolean(),
  [RollbackSettingKeys.autoEnabled]: z.boolean(),
  [RollbackSettingKeys.autoDebounceMs]: z.number().int('must be a whole number of milliseconds').min(100).max(600_000),
  [RollbackSettingKeys.autoMinIntervalMs]: z.number().int('must be a whole number of milliseconds').min(0).max(3_600_000),
} as const;

/** Validates raw values (`undefined`: not set); a bad value falls back to its default and is reported. */
export function parseRollbackSettings(raw: (key: string) => unknown, section: string): { settings: RollbackSettings; problems: string[] } {
  const problems: string[] = [];
  const value = <T>(key: keyof typeof fields, fallback: T): T => {
    const given = raw(key);
    if (given === undefined || given === null) return fallback;
    const parsed = fields[key].safeParse(given);
    if (parsed.success) return parsed.data as T;
    problems.push(`Setting "${section}.${key}" is invalid (${JSON.stringify(given)}: ${describeIssues(parsed.error.issues)}); using ${JSON.stringify(fallback)}.`);
    return fallback;
  };
  const d = DEFAULT_ROLLBACK_SETTINGS;
  return {
    settings: {
      confirm: value(RollbackSettingKeys.confirm, d.confirm),
      auto: {
        enabled: value(RollbackSettingKeys.autoEnabled, d.auto.enabled),
        debounceMs: value(RollbackSettingKeys.autoDebounceMs, d.auto.debounceMs),
        minIntervalMs: value(RollbackSettingKeys.autoMinIntervalMs, d.auto.minIntervalMs),
      },
    },
    problems,
  };
}
