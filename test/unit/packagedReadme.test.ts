// The README of the .vsix is the extension's details page, in VS Code's Extensions view and on the
// marketplaces: it is read by someone installing, offline as often as not. scripts/packagedReadme.mjs
// makes it from README.md; this checks what it makes.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './helpers/cliHarness';

/** packagedReadme(markdown) run by node on the ES module itself (the tests are CommonJS). */
function packaged(markdown: string): { code: number | null; out: string; err: string } {
  const script = `import(${JSON.stringify(path.join(REPO_ROOT, 'scripts', 'packagedReadme.mjs'))}).then((m) => process.stdout.write(m.packagedReadme(require('fs').readFileSync(0, 'utf8'), ${JSON.stringify(REPO_ROOT)})))`;
  const r = spawnSync(process.execPath, ['-e', script], { input: markdown, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('The packaged README (the details page)', () => {
  const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const page = packaged(readme);

  it('holds no build steps: the Development section is left out, the quick start kept', () => {
    assert.equal(page.code, 0, page.err);
    assert.match(readme, /npm ci/, 'the repository’s README still says how to build');
    assert.doesNotMatch(page.out, /npm ci|npm start|npm test|npm run package|## Development/);
    assert.match(page.out, /## Quick start/);
    assert.doesNotMatch(page.out, /<!-- package:/);
    // the quick start is on its first screen: within the first 45 lines
    assert.ok(page.out.split('\n').findIndex((l) => l === '## Quick start') < 45);
  });

  it('shows its pictures as PNG data (what the details page loads offline, with no repository to link to)', () => {
    const images = [...page.out.matchAll(/!\[([^\]]*)\]\(([^)]+)\)/g)];
    assert.ok(images.length >= 1);
    for (const [, alt, src] of images) {
      assert.ok(alt!.length > 10, `an image without alt text: ${src!.slice(0, 40)}`);
      const data = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(src!);
      assert.ok(data, `${alt}: ${src!.slice(0, 60)} is not inlined`);
      assert.equal(Buffer.from(data[1]!, 'base64').subarray(1, 4).toString('latin1'), 'PNG');
    }
  });

  it('leaves no link into the repository, which the details page cannot open', () => {
    const relative = [...page.out.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!).filter((t) => !/^(https:|data:|#)/.test(t));
    assert.deepEqual(relative, []);
  });

  it('refuses a block left open, and an SVG picture (the details page refuses SVG)', () => {
    const open = packaged('# x\n<!-- package: omit -->\n## Development\n');
    assert.notEqual(open.code, 0);
    assert.match(open.err, /has no <!-- package: end -->/);
    const svg = packaged('# x\n![the icon](media/checkpoints.svg)\n');
    assert.notEqual(svg.code, 0);
    assert.match(svg.err, /only PNG, JPEG and GIF/);
  });
});
