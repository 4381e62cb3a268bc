// `npm run bench -- --markdown FILE`: the section it writes names its date, machine and command,
// replaces only what lies between the markers, and refuses markers that do not pair.
import * as assert from 'node:assert/strict';
import { BENCH_END, BENCH_START, benchSection, markdownTable, withBenchSection } from '../../scripts/benchMarkdown';

const ROWS = [
  { size: 'S', step: 'incremental, 10 files changed', ours: 61.4, plain: 30.2 },
  { size: 'S', step: 'store MB after pruning to 10 + gc', ours: 22.46, plain: Number.NaN },
];

const RUN = {
  date: new Date('2026-12-01T16:33:00Z'),
  os: 'Linux 6.1.0 x64',
  cpu: 'AMD EPYC',
  cores: 2,
  git: 'git version 2.39.5',
  node: 'v20.20.2',
  command: 'npm run bench -- --sizes S --runs 1 --markdown docs/PERFORMANCE.md',
  runs: 1,
  rows: ROWS,
};

describe('The benchmark’s Markdown section', () => {
  it('names the date, the machine, the versions and the command, then the figures', () => {
    const section = benchSection(RUN);
    assert.ok(section.startsWith(`${BENCH_START}\n`) && section.endsWith(`\n${BENCH_END}`));
    assert.match(section, /on 2026-12-01 \(16:33 UTC\): medians of 1 run per step/);
    assert.match(section, /- machine: Linux 6\.1\.0 x64, 2 × AMD EPYC/);
    assert.match(section, /- git version 2\.39\.5, Node\.js v20\.20\.2/);
    assert.match(section, /- command: `npm run bench -- --sizes S --runs 1 --markdown docs\/PERFORMANCE\.md`/);
    assert.ok(section.includes(markdownTable(ROWS)));
  });

  it('prints medians in ms, store sizes in MB, and a dash where plain git has no figure', () => {
    assert.deepEqual(markdownTable(ROWS).split('\n'), [
      '| workspace | step | ours | plain git | ratio |',
      '|---|---|---:|---:|---:|',
      '| S | incremental, 10 files changed | 61 ms | 30 ms | 2.03 |',
      '| S | store MB after pruning to 10 + gc | 22.5 MB | - | - |',
    ]);
  });

  it('replaces only what lies between the markers, keeping the rest byte for byte', () => {
    const before = `# Performance\r\n\nintro\n\n${BENCH_START}\nold figures\n${BENCH_END}\n\nafter, by hand\n`;
    const after = withBenchSection(before, `${BENCH_START}\nnew\n${BENCH_END}`);
    assert.equal(after, `# Performance\r\n\nintro\n\n${BENCH_START}\nnew\n${BENCH_END}\n\nafter, by hand\n`);
    assert.equal(withBenchSection(after, `${BENCH_START}\nnew\n${BENCH_END}`), after, 'a second write with the same figures changes nothing');
  });

  it('puts the section at the end of a page without markers, and makes a new page of it', () => {
    const section = `${BENCH_START}\nx\n${BENCH_END}`;
    assert.equal(withBenchSection('# Notes\n', section), `# Notes\n\n${section}\n`);
    assert.equal(withBenchSection('', section), `${section}\n`);
  });

  it('refuses markers that do not make one pair in order, rather than rewrite the wrong part', () => {
    const section = `${BENCH_START}\nx\n${BENCH_END}`;
    assert.throws(() => withBenchSection(`a\n${BENCH_START}\nb\n`, section), /found 1 and 0/);
    assert.throws(() => withBenchSection(`${BENCH_END}\nb\n${BENCH_START}\n`, section), /in the wrong order/);
    assert.throws(() => withBenchSection(`${BENCH_START}\n${BENCH_END}\n${BENCH_START}\n${BENCH_END}\n`, section), /found 2 and 2/);
  });
});
