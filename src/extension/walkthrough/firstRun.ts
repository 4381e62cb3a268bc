import * as vscode from 'vscode';

// The walkthrough (package.json, contributes.walkthroughs) on the first activation after install.
// VS Code means to open an extension's walkthrough on install, but installed from a .vsix into a
// running code-server 1.100 nothing opened (test/installed/firstInstall.test.ts failed without
// this). So the extension opens it once itself, as VS Code would: only for a real install (not
// while developed or tested), and not when the user switched
// `workbench.welcomePage.walkthroughs.openOnInstall` off. VS Code leaves a walkthrough the user is
// in alone (the command does nothing then), and one it opened already is simply shown.

/** The walkthrough's id in package.json. */
export const WALKTHROUGH_ID = 'firstSteps';
/** Set in globalState once the walkthrough was offered: it opens at most once per profile. */
const OFFERED_KEY = 'walkthrough.offered';

export async function openWalkthroughOnFirstRun(context: vscode.ExtensionContext): Promise<boolean> {
  if (context.extensionMode !== vscode.ExtensionMode.Production) return false;
  if (context.globalState.get<boolean>(OFFERED_KEY) === true) return false;
  await context.globalState.update(OFFERED_KEY, true);
  if (vscode.workspace.getConfiguration('workbench.welcomePage').get<boolean>('walkthroughs.openOnInstall', true) === false) return false;
  await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${context.extension.id}#${WALKTHROUGH_ID}`, false);
  return true;
}
