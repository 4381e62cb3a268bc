"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.unifiedDiff = unifiedDiff;
const diff_1 = require("diff");
/**
 * A file's change as a unified diff (`--dry-run`), with git's `a/` and `b/` names and /dev/null for
 * a file that is created or removed. jsdiff (`diff`, already in the dependency tree through mocha)
 * does the line matching.
 */
function unifiedDiff(display, before, after) {
    const patch = (0, diff_1.createTwoFilesPatch)(before === null ? '/dev/null' : `a/${display}`, after === null ? '/dev/null' : `b/${display}`, before ?? '', after ?? '', undefined, undefined, { context: 3 });
    // jsdiff puts a line of '=' above the headers, which neither git nor patch writes
    return patch.replace(/^=+\n/, '');
}
//# sourceMappingURL=unifiedDiff.js.map