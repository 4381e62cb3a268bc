import * as vscode from 'vscode';
import { skipReasonText, type Checkpoint } from '../../core/checkpoint';
import { BuiltinCommands, SETTINGS_SECTION, SettingKeys } from '../commandIds';
import { showWarning } from '../shownText';
import { formatCount, plural } from '../../core/displayText';

const SEEN_KEY = 'cleveragents.checkpoints.skippedWarned';
const MUTED_KEY = 'cleveragents.checkpoints.skippedWarningsOff';
/** How many warned paths are remembered per workspace (the oldest are forgotten first). */
const REMEMBERED = 2000;
const OPEN_SETTINGS = 'Open Settings';
const DONT_SHOW_AGAIN = "Don't Show Again";

/**
 * Warns about files a checkpoint did not capture (too large, nested repositories, unreadable): once
 * per path and workspace folder, never again after "Don't Show Again". The tree marks such
 * checkpoints ("· 2 not captured") and the log lists every one, whatever was shown.
 */
export class SkippedFileWarnings {
  /** The paths warned about since activation, in order (what the integration tests read). */
  readonly warnedThisSession: string[] = [];

  constructor(
    private readonly memento: vscode.Memento,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  warn(checkpoint: Checkpoint, folder: vscode.WorkspaceFolder): void {
    const skipped = checkpoint.metadata.skipped;
    if (skipped.length === 0) return;
    this.log.warn(`[${folder.name}] checkpoint ${checkpoint.checkpoint_id} of plan ${checkpoint.plan_id} did not capture: ${skipped.map((s) => `${s.path} (${s.reason})`).join(', ')}`);
    if (this.memento.get<boolean>(MUTED_KEY) === true) return;
    const seen = this.memento.get<string[]>(SEEN_KEY, []);
    const key = (path: string) => `${folder.uri.toString()}#${path}`;
    const fresh = skipped.filter((s) => !seen.includes(key(s.path)));
    if (fresh.length === 0) return;
    void this.memento.update(SEEN_KEY, [...seen, ...fresh.map((s) => key(s.path))].slice(-REMEMBERED));
    this.warnedThisSession.push(...fresh.map((s) => s.path));
    const listed = fresh
      .slice(0, 3)
      .map((s) => `${s.path} (${skipReasonText(s)})`)
      .join(', ');
    const more = fresh.length > 3 ? ` and ${formatCount(fresh.length - 3)} more` : '';
    void showWarning(`A checkpoint did not capture ${plural(fresh.length, 'path')}: ${listed}${more}. A rollback leaves them as they are.`, OPEN_SETTINGS, DONT_SHOW_AGAIN).then((choice) => {
      if (choice === OPEN_SETTINGS) void vscode.commands.executeCommand(BuiltinCommands.openSettings, `${SETTINGS_SECTION}.${SettingKeys.maxFileSizeMiB}`);
      if (choice === DONT_SHOW_AGAIN) void this.memento.update(MUTED_KEY, true);
    });
  }
}
