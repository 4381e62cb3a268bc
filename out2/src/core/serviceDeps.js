"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.pinName = pinName;
exports.parseId = parseId;
const errors_1 = require("./errors");
const ids_1 = require("./ids");
/** The name that pins a checkpoint in the shadow store. */
function pinName(planId, checkpointId) {
    return `${planId}/${checkpointId}`;
}
/** A plan's or checkpoint's id from outside, checked (a ValidationError naming `what` when it is not a ULID). */
function parseId(value, what) {
    const parsed = ids_1.UlidSchema.safeParse(value);
    if (!parsed.success)
        throw new errors_1.ValidationError(`${what} ${JSON.stringify(value)} ${(0, errors_1.describeIssues)(parsed.error.issues)}`);
    return parsed.data;
}
//# sourceMappingURL=serviceDeps.js.map