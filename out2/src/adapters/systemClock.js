"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.systemClock = void 0;
exports.createUlidGenerator = createUlidGenerator;
const ulid_1 = require("ulid");
exports.systemClock = { now: () => new Date() };
/** ULIDs that stay in creation order even when several are made in one millisecond. */
function createUlidGenerator() {
    const next = (0, ulid_1.monotonicFactory)();
    return { next: () => next() };
}
//# sourceMappingURL=systemClock.js.map