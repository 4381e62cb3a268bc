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
exports.sessionFilePath = sessionFilePath;
exports.planTitle = planTitle;
exports.hookFedPlanIds = hookFedPlanIds;
exports.sessionPlan = sessionPlan;
const node_crypto_1 = require("node:crypto");
const path = __importStar(require("node:path"));
const z = __importStar(require("zod"));
const nodeWorkspaceFiles_1 = require("../adapters/files/nodeWorkspaceFiles");
const stateFiles_1 = require("../adapters/files/stateFiles");
const displayText_1 = require("../core/displayText");
const errors_1 = require("../core/errors");
const ids_1 = require("../core/ids");
const hookAgents_1 = require("./hookAgents");
const promptText_1 = require("./promptText");
/** What `.cleveragents/hooks/sessions/<agent>-<hash>.json` holds: which plan an agent session feeds. */
const SessionFileSchema = z.object({
    version: z.literal(1),
    agent: z.string().max(50),
    session_id: z.string().max(200),
    plan_id: ids_1.UlidSchema,
    created_at: z.string().max(40),
});
const TITLE_MAX = 200;
const CREATE_LOCK_STALE_MS = 30_000;
function sessionFilePath(root, agent, sessionId) {
    const hash = (0, node_crypto_1.createHash)('sha256').update(`${agent}\0${sessionId}`).digest('hex').slice(0, 32);
    return path.join(root, '.cleveragents', 'hooks', 'sessions', `${agent}-${hash}.json`);
}
/**
 * A new plan's title: the agent and the first prompt's first line (`Claude Code: add due dates`),
 * or, when the session's first event is a tool call, `<Agent> session <id>`. A title never changes
 * afterwards (plans have no rename); the prompts are in their checkpoints' reasons.
 */
function planTitle(agent, sessionId, prompt) {
    const line = prompt === undefined ? '' : (0, promptText_1.promptLine)(prompt);
    const title = line !== '' ? `${hookAgents_1.HOOK_AGENT_NAMES[agent]}: ${line}` : `${hookAgents_1.HOOK_AGENT_NAMES[agent]} session ${(0, displayText_1.escapeUnsafe)(sessionId.slice(0, 12))}`;
    return [...title].slice(0, TITLE_MAX).join('');
}
/** A session file holds one short record: a bigger one is not ours. */
const SESSION_FILE_MAX_BYTES = 4096;
function readSessionPlanId(root, file) {
    try {
        const text = (0, stateFiles_1.readStateText)(root, file, SESSION_FILE_MAX_BYTES);
        if (text === undefined)
            return undefined;
        const parsed = SessionFileSchema.safeParse(JSON.parse(text));
        return parsed.success ? parsed.data.plan_id : undefined;
    }
    catch {
        return undefined;
    }
}
/** At most this many session files are read (a folder of thousands would stall whoever asks). */
const SESSION_FILES_READ_MAX = 500;
/**
 * The plans that agents' hooks feed in this workspace, from their session files: the extension's
 * own automatic checkpoints leave them alone (the hooks checkpoint each tool call already).
 */
async function hookFedPlanIds(root) {
    const dir = path.dirname(sessionFilePath(root, 'copilot', ''));
    let names;
    try {
        names = (0, stateFiles_1.listStateDir)(root, dir);
    }
    catch {
        return new Set();
    }
    const ids = new Set();
    for (const name of names.filter((n) => n.endsWith('.json')).slice(0, SESSION_FILES_READ_MAX)) {
        const id = readSessionPlanId(root, path.join(dir, name));
        if (id !== undefined)
            ids.add(id);
    }
    return ids;
}
/**
 * A plan made at the session's start, before any prompt, is titled by the session; its first
 * prompt then gives it the title it would have had (`Claude Code: add due dates`). A title set
 * otherwise is left alone.
 */
async function titleByFirstPrompt(services, planId, agent, sessionId, prompt) {
    if (prompt === undefined || (0, promptText_1.promptLine)(prompt) === '')
        return;
    const bySession = planTitle(agent, sessionId, undefined);
    const plan = await services.plans.getPlan(planId);
    if (plan.title === bySession)
        await services.plans.retitleIf(planId, bySession, planTitle(agent, sessionId, prompt));
}
/**
 * The plan still takes the session's checkpoints: it exists, and nobody applied, cancelled or ended
 * it (End Session marks it completed). Otherwise the agent's next event starts a new plan: a
 * session the person ended stays as they left it.
 */
async function usablePlan(services, planId) {
    try {
        const plan = await services.plans.getPlan(planId);
        return plan.state !== 'applied' && plan.state !== 'cancelled' && plan.state !== 'completed';
    }
    catch (error) {
        if (error instanceof errors_1.NotFoundError)
            return false;
        throw error;
    }
}
/**
 * Holds `<session file>.lock` (O_EXCL) while a session's plan is made, so that two hooks of one
 * session that start at once (parallel tool calls) make one plan. Waits up to `waitMs`; a lock older
 * than 30 s was left by a killed hook and is removed.
 */
async function withCreateLock(root, file, waitMs, work) {
    const lock = `${file}.lock`;
    const deadline = Date.now() + waitMs;
    for (let delay = 5; !(0, stateFiles_1.createStateFile)(root, lock); delay = Math.min(delay * 2, 100)) {
        const info = (0, stateFiles_1.stateFileInfo)(root, lock);
        const age = info ? Date.now() - info.mtimeMs : 0;
        if (age > CREATE_LOCK_STALE_MS)
            removeQuietly(root, lock);
        else if (Date.now() >= deadline)
            throw new errors_1.StoreError(`another hook of this session is making its plan (${lock})`);
        else
            await new Promise((r) => setTimeout(r, delay));
    }
    try {
        return await work();
    }
    finally {
        removeQuietly(root, lock);
    }
}
function removeQuietly(root, file) {
    try {
        (0, stateFiles_1.removeStateFile)(root, file);
    }
    catch {
        // gone already, or refused: a later hook breaks it when stale
    }
}
/**
 * The plan of an agent session: looked up in its session file, or made on first sight (in place,
 * the whole workspace as its sandbox, executing) and recorded there atomically. A session whose
 * plan was deleted, applied, cancelled or ended gets a new one.
 */
async function sessionPlan(services, root, agent, sessionId, prompt, waitMs, 
/** False once the hook has been answered: no plan (nor session file) is made after that. */
stillWaited = () => true) {
    const file = sessionFilePath(root, agent, sessionId);
    const known = readSessionPlanId(root, file);
    if (known !== undefined && (await usablePlan(services, known))) {
        await titleByFirstPrompt(services, known, agent, sessionId, prompt);
        return { planId: known, created: false };
    }
    await (0, nodeWorkspaceFiles_1.ensureDataDir)(root);
    return withCreateLock(root, file, waitMs, async () => {
        const again = readSessionPlanId(root, file);
        if (again !== undefined && again !== known && (await usablePlan(services, again)))
            return { planId: again, created: false };
        if (!stillWaited())
            throw new errors_1.StoreError('no plan made: the hook had already been answered');
        const plan = await services.plans.createPlan({ title: planTitle(agent, sessionId, prompt), sandbox: '.' });
        await services.plans.setState(plan.plan_id, 'executing');
        const record = { version: 1, agent, session_id: sessionId, plan_id: plan.plan_id, created_at: new Date().toISOString() };
        (0, stateFiles_1.writeStateFile)(root, file, `${JSON.stringify(record)}\n`);
        return { planId: plan.plan_id, created: true };
    });
}
//# sourceMappingURL=sessionPlans.js.map