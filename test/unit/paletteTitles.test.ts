import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

/** Whether `typed` appears in `label` in order, letters apart allowed (how the palette's filter matches). */
function fuzzyMatches(typed: string, label: string): boolean {
  const t = typed.toLowerCase().replace(/\s+/g, '');
  const l = label.toLowerCase();
  let i = 0;
  for (const ch of l) if (ch === t[i]) i += 1;
  return i === t.length;
}

describe('Command palette titles', () => {
  const pkg = JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { contributes: { commands: { command: string; title: string; category?: string }[] } };
  const labels = pkg.contributes.commands.filter((c) => c.category).map((c) => ({ id: c.command, label: `${c.category}: ${c.title}` }));

  it('typing “Checkpoints: Create Plan” finds Create Plan and no command that makes a checkpoint', () => {
    const found = labels.filter((l) => fuzzyMatches('Checkpoints: Create Plan', l.label)).map((l) => l.id);
    assert.deepEqual(found, ['cleveragents.checkpoints.createPlan'], JSON.stringify(found));
  });
});
