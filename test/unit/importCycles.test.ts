import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { REPO_ROOT } from './helpers/cliHarness';

// No import circles in src/ (issue 39, "the house"): a circle means a type or a function sits in
// the wrong file, and the folders' layers (docs/ARCHITECTURE.md) stop meaning anything. Type-only
// imports count: they tie the files together as much for a reader. Dynamic `import()` and
// `require` of a bundle by name do not: they are how a small entry loads a large part on demand.

/** Every .ts file under src/, relative to the repository. */
function sourceFiles(dir = 'src'): string[] {
  return readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : [],
  );
}

/** The files each file imports statically (relative specifiers resolved to .ts files). */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(path.join(REPO_ROOT, file), 'utf8'), true, false);
    const targets = info.importedFiles
      .map((f) => f.fileName)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)))
      .flatMap((base) => [`${base}.ts`, `${base}/index.ts`].filter((c) => existsSync(path.join(REPO_ROOT, c))).slice(0, 1));
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected parts of more than one file (Tarjan): each is a circle of imports. */
function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      for (let w = stack.pop()!; ; w = stack.pop()!) {
        onStack.delete(w);
        part.push(w);
        if (w === v) break;
      }
      if (part.length > 1) circles.push(part.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circles;
}

describe('src/ has no import circles', () => {
  it('no file reaches itself through its imports (type-only imports included)', () => {
    const files = sourceFiles();
    assert.ok(files.length > 200, `the walk found ${files.length} files`);
    const circles = importCircles(importGraph(files));
    assert.deepEqual(circles, [], `import circles:\n${circles.map((c) => `  ${c.join(' → ')}`).join('\n')}`);
  });

  it('the check finds a circle (so a pass above means something)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
    ]);
    assert.deepEqual(importCircles(graph), [['a.ts', 'b.ts', 'c.ts']]);
    const real = importGraph(['src/core/checkpointService.ts']).get('src/core/checkpointService.ts') ?? [];
    assert.ok(real.includes('src/core/checkpoint.ts'), `the graph reads imports: ${real.join(', ')}`);
  });
});
