"use strict";
// docs/PERFORMANCE.md states no timing that a benchmark did not write: its figures live between the
// markers `npm run bench -- … --markdown` rewrites (`<!-- bench…:start -->` … `<!-- bench…:end -->`),
// and the text around them says what bounds what. A bound or a target is not a measurement: it is
// written after `≤` or `at most` (VS Code waits at most 1.5 s; the target ≤ 1.3×).
Object.defineProperty(exports, "__esModule", { value: true });
exports.handTypedTimings = handTypedTimings;
/** The sections a benchmark wrote: `<!-- bench:start -->`, `<!-- bench-hooks:start -->`... up to their end marker. */
const WRITTEN = /<!-- (bench(?:-[a-z-]+)?):start -->[\s\S]*?<!-- \1:end -->/g;
const NUMBER = String.raw `[~≈]?\d[\d,]*(?:\.\d+)?`;
const NOT_A_BOUND = String.raw `(?<!≤\s?)(?<!at most )(?<![\w.,~≈–-])`;
/** A duration (`80 ms`, `~1.2 s`, `81–197 ms`, `2 seconds`) or a ratio (`3x`, `0.9×`), or a ratio as the bench prints it (`1.26`). */
const TIMING = new RegExp(String.raw `${NOT_A_BOUND}(?:${NUMBER}(?:\s?[–-]\s?${NUMBER})?\s?(?:ms|s|sec|seconds?|minutes?|×|x)(?![\w])|\d+\.\d{2}(?![\d.]))`, 'g');
/** Each line of `page` outside the written sections that types a timing, as `line N: text`. */
function handTypedTimings(page) {
    const outside = page.replace(WRITTEN, (block) => block.replace(/[^\n]/g, ''));
    const found = [];
    outside.split('\n').forEach((line, i) => {
        const hits = line.match(TIMING);
        if (hits)
            found.push(`line ${i + 1}: ${hits.join(', ')}: ${line.trim()}`);
    });
    return found;
}
//# sourceMappingURL=typedFigures.js.map