"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
// `npm run bench -- --markdown FILE`: the section it writes names its date, machine and command,
// replaces only what lies between the markers, and refuses markers that do not pair.
const assert = __importStar(require("node:assert/strict"));
const benchMarkdown_1 = require("../../scripts/benchMarkdown");
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
        const section = (0, benchMarkdown_1.benchSection)(RUN);
        assert.ok(section.startsWith(`${benchMarkdown_1.BENCH_START}\n`) && section.endsWith(`\n${benchMarkdown_1.BENCH_END}`));
        assert.match(section, /on 2026-12-01 \(16:33 UTC\): medians of 1 run per step/);
        assert.match(section, /- machine: Linux 6\.1\.0 x64, 2 × AMD EPYC/);
        assert.match(section, /- git version 2\.39\.5, Node\.js v20\.20\.2/);
        assert.match(section, /- command: `npm run bench -- --sizes S --runs 1 --markdown docs\/PERFORMANCE\.md`/);
        assert.ok(section.includes((0, benchMarkdown_1.markdownTable)(ROWS)));
    });
    it('prints medians in ms, store sizes in MB, and a dash where plain git has no figure', () => {
        assert.deepEqual((0, benchMarkdown_1.markdownTable)(ROWS).split('\n'), [
            '| workspace | step | ours | plain git | ratio |',
            '|---|---|---:|---:|---:|',
            '| S | incremental, 10 files changed | 61 ms | 30 ms | 2.03 |',
            '| S | store MB after pruning to 10 + gc | 22.5 MB | - | - |',
        ]);
    });
    it('replaces only what lies between the markers, keeping the rest byte for byte', () => {
        const before = `# Performance\r\n\nintro\n\n${benchMarkdown_1.BENCH_START}\nold figures\n${benchMarkdown_1.BENCH_END}\n\nafter, by hand\n`;
        const after = (0, benchMarkdown_1.withBenchSection)(before, `${benchMarkdown_1.BENCH_START}\nnew\n${benchMarkdown_1.BENCH_END}`);
        assert.equal(after, `# Performance\r\n\nintro\n\n${benchMarkdown_1.BENCH_START}\nnew\n${benchMarkdown_1.BENCH_END}\n\nafter, by hand\n`);
        assert.equal((0, benchMarkdown_1.withBenchSection)(after, `${benchMarkdown_1.BENCH_START}\nnew\n${benchMarkdown_1.BENCH_END}`), after, 'a second write with the same figures changes nothing');
    });
    it('puts the section at the end of a page without markers, and makes a new page of it', () => {
        const section = `${benchMarkdown_1.BENCH_START}\nx\n${benchMarkdown_1.BENCH_END}`;
        assert.equal((0, benchMarkdown_1.withBenchSection)('# Notes\n', section), `# Notes\n\n${section}\n`);
        assert.equal((0, benchMarkdown_1.withBenchSection)('', section), `${section}\n`);
    });
    it('refuses markers that do not make one pair in order, rather than rewrite the wrong part', () => {
        const section = `${benchMarkdown_1.BENCH_START}\nx\n${benchMarkdown_1.BENCH_END}`;
        assert.throws(() => (0, benchMarkdown_1.withBenchSection)(`a\n${benchMarkdown_1.BENCH_START}\nb\n`, section), /found 1 and 0/);
        assert.throws(() => (0, benchMarkdown_1.withBenchSection)(`${benchMarkdown_1.BENCH_END}\nb\n${benchMarkdown_1.BENCH_START}\n`, section), /in the wrong order/);
        assert.throws(() => (0, benchMarkdown_1.withBenchSection)(`${benchMarkdown_1.BENCH_START}\n${benchMarkdown_1.BENCH_END}\n${benchMarkdown_1.BENCH_START}\n${benchMarkdown_1.BENCH_END}\n`, section), /found 2 and 2/);
    });
    it('writes `--save` and `--db-growth` between markers of their own, each with its own table, leaving the other sections as they are', () => {
        const save = (0, benchMarkdown_1.sampledMarkdownTable)([{ workspace: 'save, 50,000 files', step: "save's pre_write, nothing changed", samples: [124.4, 129, 125.2] }]);
        assert.deepEqual(save.split('\n'), ['| workspace | step | median | each run |', '|---|---|---:|---|', "| save, 50,000 files | save's pre_write, nothing changed | 125 ms | 124, 129, 125 ms |"]);
        const growth = (0, benchMarkdown_1.databaseGrowthTable)([
            { rows: 1000, databaseBytes: 600_000, logBytes: 0, samples: [120, 125, 130] },
            { rows: 50000, databaseBytes: 27_100_000, logBytes: 3_000, samples: [140, 150, 160], foldMs: 131.2 },
        ], 'once per 500 writes');
        assert.deepEqual(growth.split('\n').slice(2), ['| 1,000 | 0.6 MB | 0 kB | 125 ms | 1.00 | - |', '| 50,000 | 27.1 MB | 3 kB | 150 ms | 1.20 | 131 ms |']);
        assert.match(growth.split('\n')[0], /ratio to 1,000 rows \| the log's fold \(once per 500 writes\) \|$/);
        const page = [`${benchMarkdown_1.BENCH_START}\nmain\n${benchMarkdown_1.BENCH_END}`, `${benchMarkdown_1.HOOKS_MARKERS.start}\nhooks\n${benchMarkdown_1.HOOKS_MARKERS.end}`, `${benchMarkdown_1.SAVE_MARKERS.start}\n${benchMarkdown_1.SAVE_MARKERS.end}`, `${benchMarkdown_1.DB_GROWTH_MARKERS.start}\nold\n${benchMarkdown_1.DB_GROWTH_MARKERS.end}`, ''].join('\n\n');
        const written = (0, benchMarkdown_1.withBenchSection)(page, (0, benchMarkdown_1.benchSection)({ ...RUN, runs: 5, rows: [], table: growth, command: 'npm run bench -- --db-growth --runs 5 --markdown docs/PERFORMANCE.md' }, benchMarkdown_1.DB_GROWTH_MARKERS), benchMarkdown_1.DB_GROWTH_MARKERS);
        assert.ok(written.includes(`${benchMarkdown_1.DB_GROWTH_MARKERS.start}\nWritten by the benchmark on 2026-12-01 (16:33 UTC): medians of 5 runs per step.`));
        assert.ok(written.includes(`${growth}\n${benchMarkdown_1.DB_GROWTH_MARKERS.end}`), 'its own table, not the ours / plain git one');
        assert.ok(!written.includes('| workspace | step | ours | plain git | ratio |'));
        assert.ok(!written.includes('\nold\n'));
        assert.ok(written.startsWith(`${benchMarkdown_1.BENCH_START}\nmain\n${benchMarkdown_1.BENCH_END}\n\n${benchMarkdown_1.HOOKS_MARKERS.start}\nhooks\n${benchMarkdown_1.HOOKS_MARKERS.end}\n\n${benchMarkdown_1.SAVE_MARKERS.start}\n${benchMarkdown_1.SAVE_MARKERS.end}`), 'the other sections stay');
    });
});
//# sourceMappingURL=benchMarkdown.test.js.map