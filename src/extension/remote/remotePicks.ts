import * as vscode from 'vscode';
import { showInput, showPick } from '../shownText';

// Which remote: one of the workspace repository's remotes (`git remote -v`, read by the engine), or
// a URL or path typed in (a separate, private repository for sessions is as good a choice).

const TYPE_URL = 'typeUrl';

/** The remote's name or URL as the CLI takes it; undefined when the person backed out. */
export async function pickRemote(remotes: readonly { name: string; url: string }[], title: string): Promise<string | undefined> {
  const items: (vscode.QuickPickItem & { value: string })[] = [
    ...remotes.map((r) => ({ label: `$(repo) ${r.name}`, description: r.url, value: r.name })),
    { label: '$(link) Enter a URL or path…', description: 'a separate, private repository is a good choice', value: TYPE_URL },
  ];
  const picked = await showPick(items, { title, placeHolder: remotes.length ? 'A remote of this repository, or another URL' : 'This folder’s repository has no remote: enter a URL or path', ignoreFocusOut: true });
  if (picked === undefined) return undefined;
  if (picked.value !== TYPE_URL) return picked.value;
  const typed = await showInput({
    title,
    prompt: 'A git URL or path (git@host:team/sessions.git, https://…, file:///…, ../sessions.git)',
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() === '' ? 'Enter a URL or path' : v.trim().startsWith('-') ? 'A URL or path does not start with "-"' : undefined),
  });
  return typed?.trim() || undefined;
}

/** The folder to fetch into: the only one, or asked. */
export async function pickFolder(folders: readonly vscode.WorkspaceFolder[]): Promise<vscode.WorkspaceFolder | undefined> {
  if (folders.length <= 1) return folders[0];
  const picked = await showPick(
    folders.map((f) => ({ label: f.name, description: f.uri.fsPath, folder: f })),
    { placeHolder: 'Fetch into which folder?', ignoreFocusOut: true },
  );
  return picked?.folder;
}
