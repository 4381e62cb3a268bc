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
// The special-file scan's kept folder listings (shadowStore/folderListings.ts): a long-lived process
// parses them again only when the file was replaced, and always sees another process's write.
const assert = __importStar(require("node:assert/strict"));
const node_child_process_1 = require("node:child_process");
const node_fs_1 = require("node:fs");
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
const folderListings_1 = require("../../src/adapters/shadowStore/folderListings");
const listing = (names) => ({
    folders: new Map(names.map((n, i) => [n, { ctime: 1000 + i, ino: 7 + i, racy: false, nested: false, folders: [], specials: [] }])),
    ignored: new Set(['node_modules']),
});
describe('The special-file scan’s kept listings', () => {
    let dir;
    let file;
    beforeEach(() => {
        dir = (0, node_fs_1.mkdtempSync)(path.join(os.tmpdir(), 'listings-'));
        file = path.join(dir, 'folders.json');
    });
    afterEach(() => (0, node_fs_1.rmSync)(dir, { recursive: true, force: true }));
    it('reads back what was written, and hands the same listings to the next scan while the file is unchanged', async () => {
        await (0, folderListings_1.writeListing)(file, listing(['', 'src', 'src/a']));
        const first = await (0, folderListings_1.readListing)(file);
        assert.deepEqual([...first.folders.keys()], ['', 'src', 'src/a']);
        assert.deepEqual([...first.ignored], ['node_modules']);
        assert.equal(await (0, folderListings_1.readListing)(file), first, 'not parsed again');
    });
    it('sees a listing another process wrote since, even of the same size, and its own next write', async () => {
        await (0, folderListings_1.writeListing)(file, listing(['', 'a']));
        assert.deepEqual([...(await (0, folderListings_1.readListing)(file)).folders.keys()], ['', 'a']);
        // another process replaces the file (as replaceFile does: a new file renamed over it), same length
        const other = `
      const fs = require('node:fs');
      const text = fs.readFileSync(${JSON.stringify(file)}, 'utf8').replace('"a"', '"b"');
      fs.writeFileSync(${JSON.stringify(`${file}.tmp`)}, text);
      fs.renameSync(${JSON.stringify(`${file}.tmp`)}, ${JSON.stringify(file)});`;
        assert.equal((0, node_child_process_1.spawnSync)(process.execPath, ['-e', other]).status, 0);
        assert.deepEqual([...(await (0, folderListings_1.readListing)(file)).folders.keys()], ['', 'b']);
        await (0, folderListings_1.writeListing)(file, listing(['', 'c']));
        assert.deepEqual([...(await (0, folderListings_1.readListing)(file)).folders.keys()], ['', 'c']);
    });
    it('keeps its own write: the next scan gets the very listings written, not a parse of the file', async () => {
        const written = listing(['', 'src', 'src/a']);
        await (0, folderListings_1.writeListing)(file, written);
        assert.equal(await (0, folderListings_1.readListing)(file), written);
        // the file is as written all the same: a process without that memory reads the same listings
        const text = JSON.parse((0, node_fs_1.readFileSync)(file, 'utf8'));
        assert.equal(text.folders.length, 3);
    });
    it('starts afresh from a file that is gone or not as written', async () => {
        await (0, folderListings_1.writeListing)(file, listing(['', 'a']));
        await (0, folderListings_1.readListing)(file);
        (0, node_fs_1.rmSync)(file);
        assert.equal((await (0, folderListings_1.readListing)(file)).folders.size, 0);
        (0, node_fs_1.writeFileSync)(file, '{"ignored": [], "folders": [["", "not a number"]]}');
        assert.equal((await (0, folderListings_1.readListing)(file)).folders.size, 0);
    });
});
//# sourceMappingURL=folderListings.test.js.map