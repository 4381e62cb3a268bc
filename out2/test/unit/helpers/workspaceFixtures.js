"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.workspaceWith = workspaceWith;
exports.planWithCheckpoints = planWithCheckpoints;
const sandboxFixtures_1 = require("./sandboxFixtures");
/** The folder `root` holding `files`, with the folders they need; returns `root`. */
function workspaceWith(root, files) {
    for (const [rel, content] of Object.entries(files))
        (0, sandboxFixtures_1.write)(root, rel, content);
    return root;
}
/** A new plan of `s` and `count` checkpoints taken one after another. */
async function planWithCheckpoints(s, count, options = {}) {
    const plan = await s.plans.createPlan({ title: options.title ?? 'p', ...(options.isolated ? { isolated: true } : {}) });
    const checkpoints = [];
    for (let i = 0; i < count; i++) {
        options.before?.(i);
        checkpoints.push((await s.checkpoints.createCheckpoint(plan.plan_id)).checkpoint);
    }
    return { plan, checkpoints };
}
//# sourceMappingURL=workspaceFixtures.js.map