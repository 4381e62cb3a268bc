"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.shortIdOf = shortIdOf;
const shortIds_1 = require("../../../src/core/shortIds");
const sandboxFixtures_1 = require("./sandboxFixtures");
/** The short form the CLI's text shows for an id of this workspace (core/shortIds), read through the services. */
async function shortIdOf(root, ...ids) {
    const s = (0, sandboxFixtures_1.services)(root);
    try {
        const short = new shortIds_1.ShortIds(await (0, shortIds_1.workspaceIds)(s));
        return ids.map((id) => short.of(id));
    }
    finally {
        s.dispose();
    }
}
//# sourceMappingURL=shortIdOf.js.map