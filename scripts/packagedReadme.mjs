// The README that goes into the .vsix. VS Code shows an installed extension's README in a webview
// whose Content-Security-Policy allows only https: and data: images, and there is no public
// repository to point https links at; so the screenshots (media/*.png) are inlined as data: URIs,
// and links to files of this repository, which mean nothing on the details page, become the file's
// name in code. The README.md of the repository keeps its relative links for people reading it here.
// What is marked `<!-- package: omit … -->` … `<!-- package: end -->` (building from source) is left
// out: the details page is read by someone installing from the Extensions view.
//
// Why data: URIs: vsce, rewriting links (its default), makes a relative image an https URL into the
// repository, refuses one when there is no repository, and refuses any image that is not https
// (data: included) or is an SVG; `--no-rewrite-relative-links` (packageExtension.mjs) skips those
// checks. VS Code's details page allows https: and data: images, and only data: ones show offline.
import { readFileSync } from 'node:fs';
import { extname, isAbsolute, join, normalize } from 'node:path';

const IMAGE_TYPES = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif' };
const MARKDOWN_LINK = /(!?)\[([^\]]*)\]\(([^)\s]+)\)/g;

/** True for a link into this repository: no scheme, not an anchor, not absolute. */
function isRepositoryPath(target) {
  return !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#') && !isAbsolute(target);
}

const OMIT = /^<!-- package: omit\b[^]*?-->$/;
const END = /^<!-- package: end -->$/;

/** The text without its `package: omit` … `package: end` blocks; throws on a block left open. */
function withoutOmitted(markdown) {
  const kept = [];
  let omitting = false;
  for (const line of markdown.split('\n')) {
    if (!omitting && OMIT.test(line)) omitting = true;
    else if (omitting && END.test(line)) omitting = false;
    else if (!omitting) kept.push(line);
  }
  if (omitting) throw new Error('README.md: a <!-- package: omit --> block has no <!-- package: end -->');
  return kept.join('\n');
}

/**
 * @param {string} markdown the repository's README.md
 * @param {string} repoRoot the folder its relative links start from
 * @returns {string} the README for the package
 */
export function packagedReadme(markdown, repoRoot) {
  return withoutOmitted(markdown).replace(MARKDOWN_LINK, (all, bang, text, target) => {
    if (!isRepositoryPath(target)) return all;
    const file = normalize(target);
    if (file.startsWith('..')) throw new Error(`README.md links outside the repository: ${target}`);
    if (!bang) return text.replace(/`/g, '') === target ? text : `${text} (\`${target}\`)`;
    const type = IMAGE_TYPES[extname(file).toLowerCase()];
    if (!type) throw new Error(`README.md shows ${target}: only PNG, JPEG and GIF images can be inlined (the details page refuses SVG)`);
    return `![${text}](data:${type};base64,${readFileSync(join(repoRoot, file)).toString('base64')})`;
  });
}
