// The README that goes into the .vsix. VS Code shows an installed extension's README in a webview
// whose Content-Security-Policy allows only https: and data: images, and there is no public
// repository to point https links at; so the screenshots (media/*.png) are inlined as data: URIs,
// and links to files of this repository, which mean nothing on the details page, become the file's
// name in code. The README.md of the repository keeps its relative links for people reading it here.
import { readFileSync } from 'node:fs';
import { extname, isAbsolute, join, normalize } from 'node:path';

const IMAGE_TYPES = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif' };
const MARKDOWN_LINK = /(!?)\[([^\]]*)\]\(([^)\s]+)\)/g;

/** True for a link into this repository: no scheme, not an anchor, not absolute. */
function isRepositoryPath(target) {
  return !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#') && !isAbsolute(target);
}

/**
 * @param {string} markdown the repository's README.md
 * @param {string} repoRoot the folder its relative links start from
 * @returns {string} the README for the package
 */
export function packagedReadme(markdown, repoRoot) {
  return markdown.replace(MARKDOWN_LINK, (all, bang, text, target) => {
    if (!isRepositoryPath(target)) return all;
    const file = normalize(target);
    if (file.startsWith('..')) throw new Error(`README.md links outside the repository: ${target}`);
    if (!bang) return text.replace(/`/g, '') === target ? text : `${text} (\`${target}\`)`;
    const type = IMAGE_TYPES[extname(file).toLowerCase()];
    if (!type) throw new Error(`README.md shows ${target}: only PNG, JPEG and GIF images can be inlined (the details page refuses SVG)`);
    return `![${text}](data:${type};base64,${readFileSync(join(repoRoot, file)).toString('base64')})`;
  });
}
