"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PreWriteCaptures = void 0;
/**
 * The captures of a pending `pre_write`: each write announced while it is pending (a save) first
 * captures the path it changes, then goes ahead without waiting for the whole snapshot. The
 * snapshot, once it has read the files, closes the set ({@link close}) and shows every captured
 * path as it was: the state before the burst's first write, whenever its snapshot ran. A write
 * announced after the close needs nothing: the files were read before it.
 */
class PreWriteCaptures {
    open = true;
    captures = new Map();
    get isOpen() {
        return this.open;
    }
    /**
     * Captures `path` (the first capture of a path wins: a later write of it waits for that one).
     * Resolves true when the write may go ahead; false when the capture failed and the write must
     * wait for the whole snapshot instead (the path is then read by the snapshot, not captured).
     * Undefined once closed: the write may go ahead at once.
     */
    add(path, capture) {
        if (!this.open)
            return undefined;
        let pending = this.captures.get(path);
        if (!pending) {
            pending = capture().then((c) => c, () => undefined);
            this.captures.set(path, pending);
        }
        return pending.then((c) => c !== undefined);
    }
    /** Closes the set: what was captured, in the order asked, once per captured path (the first wins). */
    async close() {
        this.open = false;
        const all = await Promise.all(this.captures.values());
        const seen = new Set();
        const out = [];
        for (const c of all) {
            if (!c || seen.has(c.path))
                continue;
            seen.add(c.path);
            out.push(c);
        }
        return out;
    }
}
exports.PreWriteCaptures = PreWriteCaptures;
//# sourceMappingURL=preWriteCaptures.js.map