import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { lockIsHeld } from '../../src/adapters/files/fileLock';
import { relativeInside } from '../../src/adapters/files/realDataPath';
import { RENAME_RETRY_DELAYS_MS, renameOver, type RenameDeps } from '../../src/adapters/files/renameOver';
import { ignoreCaseFor } from '../../src/adapters/shadowStore/gitEnvironment';
import type { WorkspaceServices } from '../../src/composition';
import { sandboxRelativePath, samePath } from '../../src/hooks/hookWorkspace';
import { bashCommand, forwardSlashes, isOurCommand, programOfCommand } from '../../src/hooks/install/hookCommandLine';
import { services } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';
import { workspaceWith } from './helpers/workspaceFixtures';

// What differs on Windows and macOS, tested here with path.win32 / path.posix and injected
// file-system errors; the workflow (.github/workflows/ci.yml) runs this file on both as well.

describe('Windows and macOS: paths, case, renames over open files, locks', function () {
  this.timeout(120_000);
  const tempDir = useTempDirs('ca-platform-');

  describe('a tool’s file as the hooks record it (sandboxRelativePath)', () => {
    it('reads drive letters and backslashes with path.win32: another drive, a UNC path and `..` are outside', () => {
      const root = 'C:\\Users\\bob\\proj';
      const win = (base: string | undefined, file: string) => sandboxRelativePath(root, base, file, path.win32, true);
      assert.equal(win(undefined, 'C:\\Users\\bob\\proj\\src\\app.ts'), 'src/app.ts');
      assert.equal(win(undefined, 'c:\\users\\BOB\\proj\\src\\app.ts'), 'src/app.ts', 'drive letter and names in another case');
      assert.equal(win('C:\\Users\\bob\\proj\\src', '..\\README.md'), 'README.md');
      assert.equal(win(undefined, 'src/lib/x.ts'), 'src/lib/x.ts', 'forward slashes, relative to the root');
      assert.equal(win(undefined, 'D:\\Users\\bob\\proj\\src\\app.ts'), undefined, 'another drive');
      assert.equal(win(undefined, '\\\\server\\share\\proj\\a.txt'), undefined, 'a network share');
      assert.equal(win(undefined, 'C:\\Users\\bob\\other\\a.txt'), undefined);
      assert.equal(win(undefined, '..\\proj2\\a.txt'), undefined);
      assert.equal(win(undefined, '..notes.txt'), '..notes.txt', 'a name starting with two dots is inside');
    });

    it('leaves out our own folder in any case where the file system ignores case, and only there', () => {
      assert.equal(sandboxRelativePath('C:\\p', undefined, 'C:\\p\\.CleverAgents\\cleveragents.db', path.win32, true), undefined);
      assert.equal(sandboxRelativePath('/Users/bob/p', undefined, '/Users/bob/p/.CLEVERAGENTS/x', path.posix, true), undefined, 'macOS');
      assert.equal(sandboxRelativePath('/home/bob/p', undefined, '/home/bob/p/.CleverAgents/x', path.posix, false), '.CleverAgents/x', 'Linux: another folder');
      assert.equal(sandboxRelativePath('/home/bob/p', undefined, '/home/bob/p/.cleveragents/x', path.posix, false), undefined);
    });

    it('compares the home folder ignoring case where the platform does', () => {
      assert.ok(samePath('C:\\Users\\Bob', 'c:\\users\\bob', true));
      assert.ok(!samePath('/home/Bob', '/home/bob', false));
    });
  });

  it('a data path is inside the workspace by path.win32 and path.posix: other drives and `..` are outside, `..notes` is inside', () => {
    assert.equal(relativeInside('C:\\ws', 'C:\\ws\\.cleveragents\\cleveragents.db', path.win32), '.cleveragents\\cleveragents.db');
    assert.equal(relativeInside('C:\\ws', 'c:\\WS\\.cleveragents', path.win32), '.cleveragents');
    assert.equal(relativeInside('C:\\ws', 'D:\\ws\\.cleveragents', path.win32), undefined);
    assert.equal(relativeInside('C:\\ws', 'C:\\other', path.win32), undefined);
    assert.equal(relativeInside('C:\\ws', 'C:\\ws', path.win32), '');
    assert.equal(relativeInside('/ws', '/ws/..notes', path.posix), '..notes');
    assert.equal(relativeInside('/ws', '/ws/../x', path.posix), undefined);
    assert.equal(relativeInside('/ws', '/', path.posix), undefined);
  });

  it('the hook command names Windows paths with forward slashes (Git Bash and cmd.exe both take them) and reads them back', () => {
    assert.equal(forwardSlashes('C:\\Program Files\\nodejs\\node.exe'), 'C:/Program Files/nodejs/node.exe');
    assert.equal(forwardSlashes('\\\\server\\tools\\node.exe'), '//server/tools/node.exe');
    assert.equal(forwardSlashes('/opt/a\\b/node'), '/opt/a\\b/node', 'a POSIX name with a backslash stays');
    const program = { node: 'C:\\Program Files\\nodejs\\node.exe', cli: 'C:\\Users\\Bob\\.vscode\\extensions\\ca\\dist\\cli.js' };
    const command = bashCommand(program, 'claude-code');
    assert.equal(command, '"C:/Program Files/nodejs/node.exe" "C:/Users/Bob/.vscode/extensions/ca/dist/cli.js" hook run claude-code');
    assert.ok(isOurCommand(command, 'claude-code'));
    assert.deepEqual(programOfCommand(command), { node: 'C:/Program Files/nodejs/node.exe', cli: 'C:/Users/Bob/.vscode/extensions/ca/dist/cli.js' });
  });

  it('the Windows launcher (bin/agents.cmd) has CRLF line ends, runs dist\\cli.js beside it with every argument, and passes on the exit code', () => {
    const root = path.resolve(__dirname, '..', '..', '..');
    const text = readFileSync(path.join(root, 'bin', 'agents.cmd'), 'latin1');
    // cmd.exe reads a batch file with bare LF wrongly around labels (`goto node`): every line ends in CRLF.
    assert.ok(text.endsWith('\r\n') && text.split('\r\n').every((line) => !line.includes('\n')), 'every line ends in CRLF');
    const lines = text.split('\r\n');
    assert.ok(lines.includes('"%AGENTS_RUNTIME%" "%~dp0..\\dist\\cli.js" %*'));
    assert.ok(lines.includes('node "%~dp0..\\dist\\cli.js" %*'));
    assert.equal(lines.filter((l) => l === 'exit /b %ERRORLEVEL%').length, 2);
    assert.ok(lines.includes('setlocal'), 'ELECTRON_RUN_AS_NODE stays inside the launcher');
    assert.match(readFileSync(path.join(root, '.gitattributes'), 'utf8'), /^\*\.cmd text eol=crlf$/m, 'checked out with CRLF everywhere');
  });

  describe('renames over a file another program holds open (Windows: EPERM, EACCES, EBUSY for a moment)', () => {
    function failing(times: number, code: string, platform: NodeJS.Platform) {
      const waits: number[] = [];
      let calls = 0;
      const deps: RenameDeps = {
        platform,
        sleep: async (ms) => void waits.push(ms),
        rename: async (from, to) => {
          calls += 1;
          if (calls <= times) throw Object.assign(new Error(`${code}: operation not permitted, rename '${from}' -> '${to}'`), { code });
          renameSync(from, to);
        },
      };
      return { deps, waits, calls: () => calls };
    }

    it('on Windows, retries until the other program lets go, and the file is replaced', async () => {
      const dir = tempDir();
      writeFileSync(path.join(dir, 'target'), 'old');
      for (const code of ['EPERM', 'EACCES', 'EBUSY']) {
        writeFileSync(path.join(dir, 'temp'), `new ${code}`);
        const f = failing(3, code, 'win32');
        await renameOver(path.join(dir, 'temp'), path.join(dir, 'target'), f.deps);
        assert.equal(readFileSync(path.join(dir, 'target'), 'utf8'), `new ${code}`);
        assert.equal(f.calls(), 4);
        assert.deepEqual(f.waits, RENAME_RETRY_DELAYS_MS.slice(0, 3));
      }
    });

    it('on Windows, gives up with the error once the waits are over; elsewhere, and for other errors, fails at once', async () => {
      const dir = tempDir();
      writeFileSync(path.join(dir, 'temp'), 'new');
      const held = failing(Infinity, 'EPERM', 'win32');
      await assert.rejects(renameOver(path.join(dir, 'temp'), path.join(dir, 'target'), held.deps), { code: 'EPERM' });
      assert.equal(held.calls(), RENAME_RETRY_DELAYS_MS.length + 1);
      for (const [code, platform] of [['EPERM', 'linux'], ['EACCES', 'darwin'], ['ENOSPC', 'win32'], ['ENOENT', 'win32']] as const) {
        const f = failing(1, code, platform);
        await assert.rejects(renameOver(path.join(dir, 'temp'), path.join(dir, 'target'), f.deps), { code });
        assert.equal(f.calls(), 1, `${code} on ${platform}`);
      }
    });
  });

  it('a lock file being deleted (Windows: EPERM, EACCES, EBUSY on create) is waited out like a held lock; elsewhere those fail', () => {
    for (const code of ['EPERM', 'EACCES', 'EBUSY']) {
      assert.ok(lockIsHeld(code, 'win32'), code);
      assert.ok(!lockIsHeld(code, 'linux'), code);
      assert.ok(!lockIsHeld(code, 'darwin'), code);
    }
    assert.ok(lockIsHeld('EEXIST', 'linux'));
    assert.ok(!lockIsHeld('ENOSPC', 'win32'));
  });

  describe('case-insensitive file systems', () => {
    it('the shadow store ignores case where the platform’s file systems do', () => {
      assert.deepEqual(['win32', 'darwin', 'linux'].map((p) => ignoreCaseFor(p as NodeJS.Platform)), ['true', 'true', 'false']);
    });

    // On Linux this holds trivially; on macOS and Windows (the workflow) it fails with
    // core.ignorecase=false: the snapshot then holds both names and the rollback deletes the only file.
    it('a file renamed in case only, then rolled back: the file is there with the checkpoint’s content', async () => {
      const root = workspaceWith(tempDir(), { 'Notes.txt': 'first\n' });
      const s: WorkspaceServices = services(root);
      try {
        const plan = await s.plans.createPlan({ title: 'case' });
        const c = await s.checkpoints.createCheckpoint(plan.plan_id, {});
        renameSync(path.join(root, 'Notes.txt'), path.join(root, 'tmp-name'));
        renameSync(path.join(root, 'tmp-name'), path.join(root, 'notes.txt'));
        writeFileSync(path.join(root, 'notes.txt'), 'second\n');
        await s.checkpoints.createCheckpoint(plan.plan_id, {});
        await s.checkpoints.rollbackToCheckpoint(plan.plan_id, c.checkpoint.checkpoint_id);
        const names = readdirSync(root).filter((n) => n !== '.cleveragents');
        assert.equal(names.length, 1, names.join());
        assert.equal(names[0]!.toLowerCase(), 'notes.txt');
        assert.equal(readFileSync(path.join(root, names[0]!), 'utf8'), 'first\n');
      } finally {
        s.dispose();
      }
    });
  });
});
