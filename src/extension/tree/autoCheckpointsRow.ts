import * as vscode from 'vscode';
import { Commands, CommandTitles, SETTINGS_SECTION, TreeItemContext } from '../commandIds';
import { parseRollbackSettings, RollbackSettingKeys, safeguardValue } from '../rollback/rollbackSettings';

// The row at the top of the tree that says automatic checkpoints are off, with the button that
// turns them on (a user's setting: see rollbackSettings.ts for why a workspace cannot turn them off).

export const AUTO_CHECKPOINTS_SETTING = RollbackSettingKeys.autoEnabled;

/** Whether automatic checkpoints are on, as the automatic checkpoints read it (bad values are reported there). */
export function autoCheckpointsEnabled(): boolean {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  return parseRollbackSettings((key) => safeguardValue(key, config.inspect(key), config.get(key)), SETTINGS_SECTION).settings.auto.enabled;
}

export function autoCheckpointsOffRow(prefix: string) {
  return {
    kind: 'message' as const,
    id: `${prefix}#auto-checkpoints-off`,
    label: 'Automatic checkpoints are off',
    description: 'Turn On',
    tooltip: `Executing plans get no checkpoint of their writes, except plans an agent's hooks feed. Click to turn them on (the setting ${SETTINGS_SECTION}.${AUTO_CHECKPOINTS_SETTING}, in your user settings).`,
    severity: 'info' as const,
    command: { command: Commands.turnOnAutoCheckpoints, title: CommandTitles.turnOnAutoCheckpoints },
    contextValue: TreeItemContext.autoCheckpointsOff,
  };
}
