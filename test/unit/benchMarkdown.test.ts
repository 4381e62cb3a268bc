// `npm run bench -- --markdown FILE`: the section it writes names its date, machine and command,
// replaces only what lies between the markers, and refuses markers that do not pair.
import * as assert from 'node:assert/strict';
import { blamePhases } from '../../scripts/benchBlameProfile';
import { BENCH_END, BENCH_START, BLAME_MARKERS, benchSection, databaseGrowthTable, DB_GROWTH_MARKERS, HOOKS_MARKERS, markdownTable, SAVE_MARKERS, sampledMarkdownTable, withBenchSection } from '../../scripts/benchMarkdown';

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

  it('writes `--save` and `--db-growth` between markers of their own, each with its own table, leaving the other sections as they are', () => {
    const save = sampledMarkdownTable([{ workspace: 'save, 50,000 files', step: "save's pre_write, nothing changed", samples: [124.4, 129, 125.2] }]);
    assert.deepEqual(save.split('\n'), ['| workspace | step | median | each run |', '|---|---|---:|---|', "| save, 50,000 files | save's pre_write, nothing changed | 125 ms | 124, 129, 125 ms |"]);
    const growth = databaseGrowthTable(
      [
        { rows: 1000, databaseBytes: 600_000, logBytes: 0, samples: [120, 125, 130] },
        { rows: 50000, databaseBytes: 27_100_000, logBytes: 3_000, samples: [140, 150, 160], foldMs: 131.2 },
      ],
      'once per 500 writes',
    );
    assert.deepEqual(growth.split('\n').slice(2), ['| 1,000 | 0.6 MB | 0 kB | 125 ms | 1.00 | - |', '| 50,000 | 27.1 MB | 3 kB | 150 ms | 1.20 | 131 ms |']);
    assert.match(growth.split('\n')[0]!, /ratio to 1,000 rows \| the log's fold \(once per 500 writes\) \|$/);
    const page = [`${BENCH_START}\nmain\n${BENCH_END}`, `${HOOKS_MARKERS.start}\nhooks\n${HOOKS_MARKERS.end}`, `${SAVE_MARKERS.start}\n${SAVE_MARKERS.end}`, `${DB_GROWTH_MARKERS.start}\nold\n${DB_GROWTH_MARKERS.end}`, ''].join('\n\n');
    const written = withBenchSection(page, benchSection({ ...RUN, runs: 5, rows: [], table: growth, command: 'npm run bench -- --db-growth --runs 5 --markdown docs/PERFORMANCE.md' }, DB_GROWTH_MARKERS), DB_GROWTH_MARKERS);
    assert.ok(written.includes(`${DB_GROWTH_MARKERS.start}\nWritten by the benchmark on 2026-12-01 (16:33 UTC): medians of 5 runs per step.`));
    assert.ok(written.includes(`${growth}\n${DB_GROWTH_MARKERS.end}`), 'its own table, not the ours / plain git one');
    assert.ok(!written.includes('| workspace | step | ours | plain git | ratio |'));
    assert.ok(!written.includes('\nold\n'));
    assert.ok(written.startsWith(`${BENCH_START}\nmain\n${BENCH_END}\n\n${HOOKS_MARKERS.start}\nhooks\n${HOOKS_MARKERS.end}\n\n${SAVE_MARKERS.start}\n${SAVE_MARKERS.end}`), 'the other sections stay');
  });
  it('writes `--blame` between markers of its own, with where a call\'s time goes, leaving the main table as it is', () => {
    // A call's profile: the bundles loaded (10 ms, 2 of them the engine's modules), then the attribution (5 ms), idle (3 ms).
    const profile = {
      startTime: 0,
      endTime: 20_000,
      nodes: [
        { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: 0 }, children: [2, 4, 5] },
        { id: 2, callFrame: { functionName: 'Module._load', url: '', lineNumber: 0 }, children: [3] },
        { id: 3, callFrame: { functionName: 'src/composition.ts', url: '', lineNumber: 0 } },
        { id: 4, callFrame: { functionName: 'blameFromPlans', url: '', lineNumber: 0 } },
        { id: 5, callFrame: { functionName: '(idle)', url: '', lineNumber: 0 } },
      ],
      samples: [2, 3, 4, 5],
      timeDeltas: [8000, 2000, 5000, 3000],
    };
    const notes = blamePhases(profile, 50);
    assert.match(notes[0]!, /50 ms in all, of which 30 ms outside the profile/);
    assert.ok(notes.includes('the bundles read, compiled and run (cli.js, agentsClient.js, cliMain.js): 10.0 ms'));
    assert.ok(notes.includes("the engine's modules run (src/composition.ts): 2.0 ms"));
    assert.ok(notes.includes('the attribution (content ids, the kept one, what is after it): 5.0 ms'));
    assert.ok(notes.includes('waiting: git processes, files (idle): 3.0 ms'));
    assert.ok(notes.includes("the output rendered and written: not seen (no sample of it: below the profiler's interval, or renamed)"), 'a phase not found is said so, never 0');
    const rows = [{ size: 'blame, 2,000 lines', step: 'agents blame vs git blame, no resident process', ours: 200, plain: 150 }];
    const page = [`${BENCH_START}\nmain\n${BENCH_END}`, `${BLAME_MARKERS.start}\nold\n${BLAME_MARKERS.end}`, ''].join('\n\n');
    const written = withBenchSection(page, benchSection({ ...RUN, runs: 5, rows, notes, command: 'npm run bench -- --blame --markdown docs/PERFORMANCE.md' }, BLAME_MARKERS), BLAME_MARKERS);
    assert.ok(written.startsWith(`${BENCH_START}\nmain\n${BENCH_END}\n\n${BLAME_MARKERS.start}\nWritten by the benchmark`), 'the main table stays');
    assert.ok(written.includes('| blame, 2,000 lines | agents blame vs git blame, no resident process | 200 ms | 150 ms | 1.33 |'));
    assert.ok(written.indexOf(`- ${notes[1]}`) > written.indexOf('| blame, 2,000 lines |'), 'the notes after the table, which a list right above would take in');
    assert.ok(!written.includes('\nold\n'));
  });
});
