import * as vscode from 'vscode';
import * as z from 'zod';
import { describeIssues } from '../core/errors';
import { DEFAULT_DATABASE_PATH, DatabasePathSchema } from '../core/databasePath';
import { DEFAULT_RETENTION_POLICY, MAX_MAX_CHECKPOINTS, MIN_MAX_CHECKPOINTS, type CheckpointRetentionPolicy } from '../core/retentionPolicy';
import { SETTINGS_SECTION, SettingKeys } from './commandIds';

export { DEFAULT_DATABASE_PATH };
export const DEFAULT_MAX_FILE_SIZE_MIB = 5;
const MIB = 1024 * 1024;

/** The settings of one workspace folder, validated. */
export interface FolderSettings {
  /** Relative to the workspace folder, POSIX separators. */
  readonly databasePath: string;
  /** The policy new plans start with. */
  readonly retention: CheckpointRetentionPolicy;
  /** Files above this size are not captured by snapshots. */
  readonly maxFileBytes: number;
}

/**
 * Validates raw setting values (as `WorkspaceConfiguration.get` returns them; `undefined` = not
 * set). A bad value does not stop the extension: it falls back to the default, and the problem is
 * returned so that it can be shown once.
 */
export function parseFolderSettings(raw: (key: string) => unknown): { settings: FolderSettings; problems: string[] } {
  const problems: string[] = [];
  const value = <T>(key: string, schema: z.ZodType<T>, fallback: T): T => {
    const given = raw(key);
    if (given === undefined || given === null) return fallback;
    const parsed = schema.safeParse(given);
    if (parsed.success) return parsed.data;
    problems.push(
      `Setting "${SETTINGS_SECTION}.${key}" is invalid (${JSON.stringify(given)}: ${describeIssues(parsed.error.issues)}); ` +
        `using ${JSON.stringify(fallback)}.`,
    );
    return fallback;
  };
  const maxCheckpoints = z.number().int('must be a whole number').min(MIN_MAX_CHECKPOINTS).max(MAX_MAX_CHECKPOINTS);
  const mebibytes = z.number().positive('must be more than 0').max(1024, 'must be at most 1024');
  return {
    settings: {
      databasePath: value(SettingKeys.databasePath, DatabasePathSchema, DEFAULT_DATABASE_PATH),
      retention: {
        max_checkpoints: value(SettingKeys.maxCheckpoints, maxCheckpoints, DEFAULT_RETENTION_POLICY.max_checkpoints),
        auto_prune: value(SettingKeys.autoPrune, z.boolean(), DEFAULT_RETENTION_POLICY.auto_prune),
      },
      maxFileBytes: Math.round(value(SettingKeys.maxFileSizeMiB, mebibytes, DEFAULT_MAX_FILE_SIZE_MIB) * MIB),
    },
    problems,
  };
}

/** The folder's settings as VS Code resolves them (folder over workspace over user). */
export function readFolderSettings(folder: vscode.WorkspaceFolder): { settings: FolderSettings; problems: string[] } {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION, folder.uri);
  return parseFolderSettings((key) => config.get(key));
}

/** Whether a configuration change concerns settings that shape a folder's services. */
export function affectsEngine(event: vscode.ConfigurationChangeEvent, folder: vscode.WorkspaceFolder): boolean {
  return (
    event.affectsConfiguration(`${SETTINGS_SECTION}.${SettingKeys.databasePath}`, folder.uri) ||
    event.affectsConfiguration(`${SETTINGS_SECTION}.${SettingKeys.maxFileSizeMiB}`, folder.uri)
  );
}
