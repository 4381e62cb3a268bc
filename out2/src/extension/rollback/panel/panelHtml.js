"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.makeNonce = makeNonce;
exports.panelHtml = panelHtml;
// The rollback panel's page shell. No `vscode` import: unit-tested in plain Node.
const node_crypto_1 = require("node:crypto");
/** A per-load nonce for the page's CSP: 128 random bits. */
function makeNonce() {
    return (0, node_crypto_1.randomBytes)(16).toString('base64').replace(/[+/=]/g, (c) => ({ '+': '-', '/': '_', '=': '' })[c] ?? '');
}
/**
 * The page: a CSP that allows only this load's script (by nonce) and the extension's own CSS,
 * nothing inline, no network; the data arrives later as a message.
 */
function panelHtml(o) {
    const csp = [
        "default-src 'none'",
        `style-src ${o.cspSource}`,
        `script-src 'nonce-${o.nonce}'`,
        `img-src ${o.cspSource} data:`,
        `font-src ${o.cspSource}`,
        "base-uri 'none'",
        "form-action 'none'",
    ].join('; ');
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${o.styleUri}">
<title>Rollback</title>
</head>
<body>
<main id="root"></main>
<div id="announce" class="visually-hidden" role="status" aria-live="polite"></div>
<script nonce="${o.nonce}" src="${o.scriptUri}"></script>
</body>
</html>`;
}
//# sourceMappingURL=panelHtml.js.map