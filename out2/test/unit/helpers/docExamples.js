"use strict";
// Reads the Markdown docs for what test/unit/docs.test.ts checks: their relative links, their
// headings (as the anchors GitHub makes of them), and the `agents …` examples marked runnable.
//
// A runnable example is a fenced block right after a comment that names, for each `agents` line of
// the block in order, the top-level keys of its JSON output, groups separated by `;`:
//
//   <!-- runnable: plans; plan_id checkpoints -->
//   ```sh
//   agents plan list
//   agents plan checkpoints <plan_id>
//   ```
//
// The comment is invisible on GitHub and on the details page, so the example reads as it always did.
Object.defineProperty(exports, "__esModule", { value: true });
exports.markdownLinks = markdownLinks;
exports.headingAnchors = headingAnchors;
exports.runnableExamples = runnableExamples;
exports.shellWords = shellWords;
const FENCE = /^\s*(```|~~~)/;
/** Each line with whether it lies inside a fenced code block (fence lines count as inside). */
function linesWithFences(markdown) {
    let open;
    return markdown.split('\n').map((text) => {
        const fence = FENCE.exec(text);
        if (fence) {
            if (open === undefined)
                open = fence[1];
            else if (open === fence[1])
                open = undefined;
            return { text, inFence: true };
        }
        return { text, inFence: open !== undefined };
    });
}
/** Links and images outside code (fenced blocks and inline code spans). */
function markdownLinks(markdown) {
    const links = [];
    linesWithFences(markdown).forEach(({ text, inFence }, i) => {
        if (inFence)
            return;
        const prose = text.replace(/`[^`]*`/g, '``');
        for (const m of prose.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g))
            links.push({ target: m[1], line: i + 1 });
    });
    return links;
}
/** The anchors GitHub gives the headings: lower case, punctuation dropped, spaces as dashes, repeats numbered. */
function headingAnchors(markdown) {
    const anchors = new Set();
    const seen = new Map();
    for (const { text, inFence } of linesWithFences(markdown)) {
        const heading = inFence ? undefined : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
        if (!heading)
            continue;
        const base = heading[1]
            .toLowerCase()
            .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
            .replace(/ /g, '-');
        const n = seen.get(base) ?? 0;
        seen.set(base, n + 1);
        anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    return anchors;
}
/** The examples marked runnable; a marker that does not fit its block throws, naming the line. */
function runnableExamples(markdown, file) {
    const lines = linesWithFences(markdown);
    const examples = [];
    lines.forEach(({ text, inFence }, i) => {
        const marker = inFence ? undefined : /^<!--\s*runnable:(.*?)-->\s*$/.exec(text.trim());
        if (!marker)
            return;
        const where = `${file}:${i + 1}`;
        if (!FENCE.test(lines[i + 1]?.text ?? ''))
            throw new Error(`${where}: a runnable marker must sit right above a fenced block`);
        const body = [];
        for (let j = i + 2; j < lines.length && !FENCE.test(lines[j].text); j++)
            body.push(lines[j].text);
        const commandLines = body.map((l) => l.trim()).filter((l) => /^agents\s/.test(l));
        const groups = marker[1].split(';').map((g) => g.trim().split(/\s+/).filter(Boolean));
        if (groups.length !== commandLines.length || groups.some((g) => g.length === 0)) {
            throw new Error(`${where}: the marker names keys for ${groups.length} command(s), the block has ${commandLines.length} \`agents\` line(s)`);
        }
        examples.push({ line: i + 1, commands: commandLines.map((c, k) => ({ text: c, keys: groups[k] })) });
    });
    return examples;
}
/**
 * The words of a command line as sh would split it: double and single quotes, a backslash outside
 * single quotes, and a `#` comment after a space. Variables and globs are not expanded (examples use
 * none); a placeholder like `<plan_id>` stays one word for the caller to fill in.
 */
function shellWords(line) {
    const words = [];
    let word;
    let quote;
    for (let i = 0; i < line.length; i++) {
        const c = line[i];
        if (quote) {
            if (c === quote)
                quote = undefined;
            else if (c === '\\' && quote === '"' && i + 1 < line.length)
                word += line[++i];
            else
                word += c;
        }
        else if (c === '"' || c === "'") {
            quote = c;
            word ??= '';
        }
        else if (c === '\\' && i + 1 < line.length) {
            word = (word ?? '') + line[++i];
        }
        else if (/\s/.test(c)) {
            if (word !== undefined)
                words.push(word);
            word = undefined;
        }
        else if (c === '#' && word === undefined) {
            break;
        }
        else {
            word = (word ?? '') + c;
        }
    }
    if (quote)
        throw new Error(`unclosed ${quote} in: ${line}`);
    if (word !== undefined)
        words.push(word);
    return words;
}
//# sourceMappingURL=docExamples.js.map