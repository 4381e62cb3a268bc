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
const assert = __importStar(require("node:assert/strict"));
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const cliHarness_1 = require("./helpers/cliHarness");
/** Every folder under `src/`, as `src/a/b/`. */
function sourceFolders(dir = 'src') {
    const subfolders = (0, node_fs_1.readdirSync)(path.join(cliHarness_1.REPO_ROOT, dir), { withFileTypes: true }).filter((e) => e.isDirectory());
    return [`${dir}/`, ...subfolders.flatMap((e) => sourceFolders(`${dir}/${e.name}`))];
}
/** The folders the folder map of docs/ARCHITECTURE.md names: the first cell of each row of its table. */
function mappedFolders(markdown) {
    const section = markdown.split(/^## /m).find((s) => s.startsWith('Folder map'));
    assert.ok(section, 'docs/ARCHITECTURE.md has a "## Folder map" section');
    return [...section.matchAll(/^\| `(src\/[^`]*)` \|/gm)].map((m) => m[1]);
}
describe('docs/ARCHITECTURE.md: the folder map matches the tree', () => {
    const map = mappedFolders((0, node_fs_1.readFileSync)(path.join(cliHarness_1.REPO_ROOT, 'docs/ARCHITECTURE.md'), 'utf8'));
    const tree = sourceFolders();
    it('names every folder of src/', () => {
        assert.deepEqual(tree.filter((f) => !map.includes(f)), [], 'folders of src/ missing from the map');
    });
    it('names only folders that exist, each once', () => {
        assert.deepEqual(map.filter((f) => !tree.includes(f)), [], 'folders in the map that src/ does not have');
        assert.deepEqual(map.filter((f, i) => map.indexOf(f) !== i), [], 'folders named twice');
    });
    it('the check reads the map (so a pass above means something)', () => {
        assert.deepEqual(mappedFolders('## Folder map\n\n| folder | x |\n|---|---|\n| `src/` | a |\n| `src/core/` | b |\n## Next\n| `src/other/` | c |\n'), ['src/', 'src/core/']);
        assert.ok(tree.includes('src/extension/rollback/panel/') && tree.length > 10, 'the walk sees nested folders');
    });
});
//# sourceMappingURL=architectureMap.test.js.map