"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DB_GROWTH_MARKERS = exports.SAVE_MARKERS = exports.HOOKS_MARKERS = exports.HOOKS_END = exports.HOOKS_START = exports.BENCH_END = exports.BENCH_START = void 0;
exports.sampledMarkdownTable = sampledMarkdownTable;
exports.databaseGrowthTable = databaseGrowthTable;
exports.markdownTable = markdownTable;
exports.hookMarkdownTable = hookMarkdownTable;
exports.profileMarkdown = profileMarkdown;
exports.benchSection = benchSection;
exports.withBenchSection = withBenchSection;
const benchHookReport_1 = require("./benchHookReport");
exports.BENCH_START = '<!-- bench:start -->';
exports.BENCH_END = '<!-- bench:end -->';
/** The hooked path's section (`--hooks`) has markers of its own: it does not replace the other figures. */
exports.HOOKS_START = '<!-- bench-hooks:start -->';
exports.HOOKS_END = '<!-- bench-hooks:end -->';
const BENCH_MARKERS = { start: exports.BENCH_START, end: exports.BENCH_END };
exports.HOOKS_MARKERS = { start: exports.HOOKS_START, end: exports.HOOKS_END };
/** `--save` and `--db-growth` write sections of their own too, each replacing only its own figures. */
exports.SAVE_MARKERS = { start: '<!-- bench-save:start -->', end: '<!-- bench-save:end -->' };
exports.DB_GROWTH_MARKERS = { start: '<!-- bench-db-growth:start -->', end: '<!-- bench-db-growth:end -->' };
/** `--save`'s table: per step, the median and each run in order (the first one after the first checkpoint differs). */
function sampledMarkdownTable(rows) {
    const lines = ['| workspace | step | median | each run |', '|---|---|---:|---|'];
    for (const r of rows)
        lines.push(`| ${r.workspace} | ${r.step} | ${ms((0, benchHookReport_1.medianOf)(r.samples))} | ${r.samples.map((x) => x.toFixed(0)).join(', ')} ms |`);
    return lines.join('\n');
}
/** `--db-growth`'s table: per database size, the checkpoint's median and its ratio to the first (smallest) size. */
function databaseGrowthTable(rows, foldEvery) {
    const lines = [`| checkpoint rows in the database | database file | write log | \`agents plan checkpoint\`, median | ratio to ${rows[0]?.rows.toLocaleString('en-US') ?? '-'} rows | the log's fold (${foldEvery}) |`, '|---:|---:|---:|---:|---:|---:|'];
    const baseline = rows[0] ? (0, benchHookReport_1.medianOf)(rows[0].samples) : Number.NaN;
    for (const r of rows) {
        const m = (0, benchHookReport_1.medianOf)(r.samples);
        lines.push(`| ${r.rows.toLocaleString('en-US')} | ${(r.databaseBytes / 1e6).toFixed(1)} MB | ${(r.logBytes / 1e3).toFixed(0)} kB | ${ms(m)} | ${(m / baseline).toFixed(2)} | ${r.foldMs === undefined ? '-' : ms(r.foldMs)} |`);
    }
    return lines.join('\n');
}
function isStore(row) {
    return row.step.startsWith('store');
}
/** The table the bench prints at its end: medians, ours against plain git, and the ratio. */
function markdownTable(rows) {
    const lines = ['| workspace | step | ours | plain git | ratio |', '|---|---|---:|---:|---:|'];
    for (const r of rows) {
        const digits = isStore(r) ? 1 : 0;
        const unit = isStore(r) ? ' MB' : ' ms';
        const plain = Number.isNaN(r.plain) ? '-' : `${r.plain.toFixed(digits)}${unit}`;
        const ratio = Number.isNaN(r.plain) ? '-' : (r.ours / r.plain).toFixed(2);
        lines.push(`| ${r.size} | ${r.step} | ${r.ours.toFixed(digits)}${unit} | ${plain} | ${ratio} |`);
    }
    return lines.join('\n');
}
const ms = (x) => (Number.isNaN(x) ? '-' : `${x.toFixed(0)} ms`);
/** The hooked path's table: per-call medians and p95 of ours and of plain git, and the ratio of the medians. */
function hookMarkdownTable(rows) {
    const lines = ['| workspace | resident process | step | calls | ours median | ours p95 | plain git median | plain git p95 | ratio |', '|---|---|---|---:|---:|---:|---:|---:|---:|'];
    for (const r of rows) {
        const ratio = (0, benchHookReport_1.medianOf)(r.ours) / (0, benchHookReport_1.medianOf)(r.plain);
        lines.push(`| ${r.workspace} | ${r.mode.replace(/^resident process /, '')} | ${r.step} | ${r.ours.length} | ${ms((0, benchHookReport_1.medianOf)(r.ours))} | ${ms((0, benchHookReport_1.p95Of)(r.ours))} | ${ms((0, benchHookReport_1.medianOf)(r.plain))} | ${ms((0, benchHookReport_1.p95Of)(r.plain))} | ${Number.isFinite(ratio) ? ratio.toFixed(2) : '-'} |`);
    }
    return lines.join('\n');
}
/**
 * The profiles of each workspace and mode: one table of the phases of a hooked call (medians over
 * the run's calls, a column per event), then node's top self-time in the profiled calls.
 */
function profileMarkdown(profiles, top = 8) {
    const out = [];
    const groups = new Map();
    for (const p of profiles)
        groups.set(`${p.workspace}, ${p.mode}`, [...(groups.get(`${p.workspace}, ${p.mode}`) ?? []), p]);
    for (const [title, list] of groups) {
        out.push(`**${title}**: where a hooked call's time goes`, '');
        const withPhases = list.filter((p) => p.phases.length > 0);
        if (withPhases.length > 0) {
            const names = [...new Set(withPhases.flatMap((p) => p.phases.map(([name]) => name)))];
            const cell = (p, name) => {
                const x = p.phases.find(([n]) => n === name)?.[1];
                return x === undefined ? '-' : x.toFixed(1);
            };
            out.push(`| phase (ms, median over the run's calls) | ${withPhases.map((p) => p.what).join(' | ')} |`, `|---|${withPhases.map(() => '---:').join('|')}|`);
            for (const name of names)
                out.push(`| ${name} | ${withPhases.map((p) => cell(p, name)).join(' | ')} |`);
            out.push(`| total | ${withPhases.map((p) => p.phases.reduce((a, [, x]) => a + x, 0).toFixed(1)).join(' | ')} |`, '');
        }
        for (const p of list) {
            if (p.notes.length > 0)
                out.push(`- ${p.what}, the snapshot's own phases: ${p.notes.filter((n) => n.startsWith('snapshot')).map((n) => `\`${n.replace(/`/g, "'").replace(/^snapshot \S+: /, '')}\``).join('; ') || '-'}`);
            if (p.top.length > 0)
                out.push(`- ${p.what}, top self-time with node's profiler on (${ms(p.wallMs)}): ${p.top.slice(0, top).map(([fn, x]) => `\`${fn.replace(/[|`]/g, '_')}\` ${x.toFixed(1)}`).join(', ')}`);
        }
        out.push('');
    }
    return out.join('\n').trimEnd();
}
/** The section between the markers: when, on what, by which command, then the figures. */
function benchSection(run, markers = BENCH_MARKERS) {
    const hooks = run.hookRows !== undefined;
    return [
        markers.start,
        `Written by the benchmark on ${run.date.toISOString().slice(0, 10)} (${run.date.toISOString().slice(11, 16)} UTC): ${hooks ? `per-call medians and p95; ${run.runs} run${run.runs === 1 ? '' : 's'} of the no-change pre_write` : `medians of ${run.runs} run${run.runs === 1 ? '' : 's'} per step`}.`,
        '',
        `- machine: ${run.os}, ${run.cores} × ${run.cpu}`,
        `- ${run.git}, Node.js ${run.node}`,
        ...(run.load ? [`- load average (1 min) at the start and the end: ${run.load[0].toFixed(1)}, ${run.load[1].toFixed(1)}`] : []),
        `- command: \`${run.command}\``,
        '',
        ...(hooks ? [hookMarkdownTable(run.hookRows)] : []),
        ...(run.notes && run.notes.length > 0 ? ['', ...run.notes.map((n) => `- ${n}`)] : []),
        ...(run.table !== undefined ? [run.table] : run.rows.length > 0 || !hooks ? [markdownTable(run.rows)] : []),
        ...(run.profiles && run.profiles.length > 0 ? ['', profileMarkdown(run.profiles)] : []),
        markers.end,
    ].join('\n');
}
function indexesOf(text, marker) {
    const found = [];
    for (let i = text.indexOf(marker); i >= 0; i = text.indexOf(marker, i + marker.length))
        found.push(i);
    return found;
}
/**
 * `document` with `section` in place of what lies between the markers, markers included; everything
 * else is kept byte for byte. A document without markers gets the section at its end. Markers that
 * do not make one pair in order throw: rewriting the wrong part of a page would lose text.
 */
function withBenchSection(document, section, markers = BENCH_MARKERS) {
    const starts = indexesOf(document, markers.start);
    const ends = indexesOf(document, markers.end);
    if (starts.length === 0 && ends.length === 0) {
        const gap = document === '' ? '' : document.endsWith('\n\n') ? '' : document.endsWith('\n') ? '\n' : '\n\n';
        return `${document}${gap}${section}\n`;
    }
    if (starts.length !== 1 || ends.length !== 1 || ends[0] < starts[0]) {
        throw new Error(`expected one ${markers.start} followed by one ${markers.end}; found ${starts.length} and ${ends.length}${starts.length === 1 && ends.length === 1 ? ', in the wrong order' : ''}`);
    }
    return document.slice(0, starts[0]) + section + document.slice(ends[0] + markers.end.length);
}
//# sourceMappingURL=benchMarkdown.js.map