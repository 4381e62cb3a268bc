"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SqlJsCorrectionRepository = exports.SqlJsDecisionRepository = exports.DECISION_SQL = void 0;
const decision_1 = require("../../core/decision");
const errors_1 = require("../../core/errors");
const schemaMigrations_1 = require("./schemaMigrations");
const sqlJsRepositories_1 = require("./sqlJsRepositories");
const DECISION_COLUMNS = 'decision_id, plan_id, title, rationale, state, created_at, reverted_at, reverted_by';
const CORRECTION_COLUMNS = 'correction_id, plan_id, decision_id, mode, state, reverted_decisions_json, restored_paths_json, target_checkpoint_id, undo_checkpoint_id, created_at, undone_at, affected_decisions_json';
/** Every statement of the decision repositories; exported so tests can ask SQLite how it plans them. */
exports.DECISION_SQL = Object.freeze({
    getDecision: `SELECT ${DECISION_COLUMNS} FROM ${schemaMigrations_1.DECISIONS_TABLE} WHERE decision_id = ?`,
    listDecisionsForPlan: `SELECT ${DECISION_COLUMNS} FROM ${schemaMigrations_1.DECISIONS_TABLE} WHERE plan_id = ? ORDER BY created_at, decision_id`,
    dependenciesOf: `SELECT depends_on FROM ${schemaMigrations_1.DECISION_DEPENDENCIES_TABLE} WHERE decision_id = ? ORDER BY depends_on`,
    dependenciesOfPlan: `SELECT d.decision_id, d.depends_on FROM ${schemaMigrations_1.DECISION_DEPENDENCIES_TABLE} d JOIN ${schemaMigrations_1.DECISIONS_TABLE} x ON x.decision_id = d.decision_id ` +
        'WHERE x.plan_id = ? ORDER BY d.decision_id, d.depends_on',
    dependentsOf: `SELECT d.decision_id FROM ${schemaMigrations_1.DECISION_DEPENDENCIES_TABLE} d JOIN ${schemaMigrations_1.DECISIONS_TABLE} x ON x.decision_id = d.decision_id ` +
        'WHERE d.depends_on = ? ORDER BY x.created_at, d.decision_id',
    /** Whether `?2` is reachable from `?1` by following dependencies: adding "?2 depends on ?1" would close a cycle. */
    reaches: `WITH RECURSIVE up(id) AS (SELECT ?1 UNION SELECT d.depends_on FROM ${schemaMigrations_1.DECISION_DEPENDENCIES_TABLE} d JOIN up ON d.decision_id = up.id) ` +
        'SELECT 1 FROM up WHERE id = ?2 LIMIT 1',
    insertDecision: `INSERT INTO ${schemaMigrations_1.DECISIONS_TABLE} (${DECISION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    insertDependency: `INSERT INTO ${schemaMigrations_1.DECISION_DEPENDENCIES_TABLE} (decision_id, depends_on) VALUES (?, ?)`,
    setState: `UPDATE ${schemaMigrations_1.DECISIONS_TABLE} SET state = ?, reverted_by = ?, reverted_at = ? WHERE decision_id = ?`,
    getCorrection: `SELECT ${CORRECTION_COLUMNS} FROM ${schemaMigrations_1.CORRECTIONS_TABLE} WHERE correction_id = ?`,
    listCorrectionsForPlan: `SELECT ${CORRECTION_COLUMNS} FROM ${schemaMigrations_1.CORRECTIONS_TABLE} WHERE plan_id = ? ORDER BY created_at, correction_id`,
    insertCorrection: `INSERT INTO ${schemaMigrations_1.CORRECTIONS_TABLE} (${CORRECTION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    markCorrectionUndone: `UPDATE ${schemaMigrations_1.CORRECTIONS_TABLE} SET state = 'undone', undone_at = ? WHERE correction_id = ?`,
    markCorrectionApplied: `UPDATE ${schemaMigrations_1.CORRECTIONS_TABLE} SET state = 'applied', undone_at = NULL WHERE correction_id = ?`,
});
class SqlJsDecisionRepository {
    ctx;
    constructor(ctx) {
        this.ctx = ctx;
    }
    get(decisionId) {
        const row = (0, sqlJsRepositories_1.query)(this.ctx, exports.DECISION_SQL.getDecision, [decisionId], (s) => (s.step() ? s.get() : undefined));
        if (!row)
            return undefined;
        const deps = (0, sqlJsRepositories_1.query)(this.ctx, exports.DECISION_SQL.dependenciesOf, [decisionId], sqlJsRepositories_1.readAll).map((r) => r[0]);
        return (0, sqlJsRepositories_1.unwrapOrThrow)(this.ctx, schemaMigrations_1.DECISIONS_TABLE, decodeDecision(row, deps));
    }
    listForPlan(planId) {
        const rows = (0, sqlJsRepositories_1.query)(this.ctx, exports.DECISION_SQL.listDecisionsForPlan, [planId], sqlJsRepositories_1.readAll);
        const deps = new Map();
        for (const [id, on] of (0, sqlJsRepositories_1.query)(this.ctx, exports.DECISION_SQL.dependenciesOfPlan, [planId], sqlJsRepositories_1.readAll)) {
            deps.set(id, [...(deps.get(id) ?? []), on]);
        }
        return (0, sqlJsRepositories_1.keepValid)(this.ctx, schemaMigrations_1.DECISIONS_TABLE, rows.map((r) => decodeDecision(r, deps.get(r[0]) ?? [])));
    }
    dependents(decisionId) {
        return (0, sqlJsRepositories_1.query)(this.ctx, exports.DECISION_SQL.dependentsOf, [decisionId], sqlJsRepositories_1.readAll).map((r) => String(r[0]));
    }
    insert(decision) {
        const d = (0, sqlJsRepositories_1.validateForWrite)(this.ctx, decision_1.DecisionSchema, decision, 'decision');
        (0, sqlJsRepositories_1.refuseDigitOnlyIds)({ decision_id: d.decision_id, plan_id: d.plan_id, reverted_by: d.reverted_by });
        const dependsOn = [...new Set(d.depends_on)].sort();
        for (const on of dependsOn) {
            if (on === d.decision_id)
                throw new errors_1.ValidationError(`decision ${d.decision_id} cannot depend on itself (a cycle)`);
            const other = this.get(on);
            if (!other)
                throw new errors_1.ValidationError(`decision ${on}, which decision ${d.decision_id} depends on, does not exist`);
            if (other.plan_id !== d.plan_id)
                throw new errors_1.ValidationError(`decision ${on} belongs to plan ${other.plan_id}, not to plan ${d.plan_id}`);
            // Rows written by another client may already name the new id: refuse what would close a loop.
            if ((0, sqlJsRepositories_1.query)(this.ctx, exports.DECISION_SQL.reaches, [on, d.decision_id], (s) => s.step())) {
                throw new errors_1.ValidationError(`decision ${d.decision_id} cannot depend on ${on}: ${on} already depends on it (a cycle)`);
            }
        }
        (0, sqlJsRepositories_1.mutate)(this.ctx, exports.DECISION_SQL.insertDecision, [d.decision_id, d.plan_id, d.title, d.rationale, d.state, d.created_at, d.reverted_at, d.reverted_by], {
            unique: () => new errors_1.ValidationError(`decision ${d.decision_id} already exists`),
            foreignKey: () => new errors_1.NotFoundError('plan', d.plan_id),
        });
        for (const on of dependsOn)
            (0, sqlJsRepositories_1.mutate)(this.ctx, exports.DECISION_SQL.insertDependency, [d.decision_id, on]);
    }
    setState(decisionIds, state, revertedBy, at) {
        for (const id of decisionIds) {
            if ((0, sqlJsRepositories_1.mutate)(this.ctx, exports.DECISION_SQL.setState, [state, revertedBy, at, id]) === 0)
                throw new errors_1.NotFoundError('decision', id);
        }
    }
}
exports.SqlJsDecisionRepository = SqlJsDecisionRepository;
class SqlJsCorrectionRepository {
    ctx;
    constructor(ctx) {
        this.ctx = ctx;
    }
    get(correctionId) {
        const row = (0, sqlJsRepositories_1.query)(this.ctx, exports.DECISION_SQL.getCorrection, [correctionId], (s) => (s.step() ? s.get() : undefined));
        return row && (0, sqlJsRepositories_1.unwrapOrThrow)(this.ctx, schemaMigrations_1.CORRECTIONS_TABLE, decodeCorrection(row));
    }
    listForPlan(planId) {
        return (0, sqlJsRepositories_1.keepValid)(this.ctx, schemaMigrations_1.CORRECTIONS_TABLE, (0, sqlJsRepositories_1.query)(this.ctx, exports.DECISION_SQL.listCorrectionsForPlan, [planId], sqlJsRepositories_1.readAll).map(decodeCorrection));
    }
    insert(correction) {
        const c = (0, sqlJsRepositories_1.validateForWrite)(this.ctx, decision_1.CorrectionSchema, correction, 'correction');
        (0, sqlJsRepositories_1.refuseDigitOnlyIds)({ correction_id: c.correction_id, plan_id: c.plan_id, decision_id: c.decision_id });
        const values = [
            c.correction_id,
            c.plan_id,
            c.decision_id,
            c.mode,
            c.state,
            JSON.stringify(c.reverted_decisions),
            c.restored_paths === null ? null : JSON.stringify(c.restored_paths),
            c.target_checkpoint_id,
            c.undo_checkpoint_id,
            c.created_at,
            c.undone_at,
            c.affected_decisions === undefined ? null : JSON.stringify(c.affected_decisions),
        ];
        (0, sqlJsRepositories_1.mutate)(this.ctx, exports.DECISION_SQL.insertCorrection, values, {
            unique: () => new errors_1.ValidationError(`correction ${c.correction_id} already exists`),
            foreignKey: () => new errors_1.NotFoundError('plan', c.plan_id),
        });
    }
    markUndone(correctionId, at) {
        if ((0, sqlJsRepositories_1.mutate)(this.ctx, exports.DECISION_SQL.markCorrectionUndone, [at, correctionId]) === 0)
            throw new errors_1.NotFoundError('correction', correctionId);
    }
    markApplied(correctionId) {
        if ((0, sqlJsRepositories_1.mutate)(this.ctx, exports.DECISION_SQL.markCorrectionApplied, [correctionId]) === 0)
            throw new errors_1.NotFoundError('correction', correctionId);
    }
}
exports.SqlJsCorrectionRepository = SqlJsCorrectionRepository;
function decodeDecision(row, dependsOn) {
    const [decision_id, plan_id, title, rationale, state, created_at, reverted_at, reverted_by] = row;
    return (0, sqlJsRepositories_1.decode)(decision_1.DecisionSchema, { decision_id, plan_id, title, rationale, state, created_at, reverted_at, reverted_by, depends_on: dependsOn }, decision_id);
}
function decodeCorrection(row) {
    const [correction_id, plan_id, decision_id, mode, state, reverted_json, restored_json, target_checkpoint_id, undo_checkpoint_id, created_at, undone_at, affected_json] = row;
    let reverted_decisions;
    let restored_paths;
    let affected_decisions;
    try {
        reverted_decisions = typeof reverted_json === 'string' ? JSON.parse(reverted_json) : undefined;
        restored_paths = typeof restored_json === 'string' ? JSON.parse(restored_json) : restored_json;
        affected_decisions = typeof affected_json === 'string' ? JSON.parse(affected_json) : undefined;
    }
    catch {
        return { ok: false, id: String(correction_id), issues: 'reverted_decisions_json, restored_paths_json or affected_decisions_json: not valid JSON' };
    }
    const candidate = { correction_id, plan_id, decision_id, mode, state, reverted_decisions, restored_paths, target_checkpoint_id, undo_checkpoint_id, created_at, undone_at, affected_decisions };
    return (0, sqlJsRepositories_1.decode)(decision_1.CorrectionSchema, candidate, correction_id);
}
//# sourceMappingURL=sqlJsDecisionRepositories.js.map