"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.StatementCache = exports.STORE_SQL = void 0;
exports.createUnitOfWork = createUnitOfWork;
exports.decode = decode;
exports.keepValid = keepValid;
exports.unwrapOrThrow = unwrapOrThrow;
exports.validateForWrite = validateForWrite;
exports.refuseDigitOnlyIds = refuseDigitOnlyIds;
exports.readAll = readAll;
exports.query = query;
exports.mutate = mutate;
exports.sqliteError = sqliteError;
const checkpoint_1 = require("../../core/checkpoint");
const errors_1 = require("../../core/errors");
const plan_1 = require("../../core/plan");
const planLifecycle_1 = require("../../core/planLifecycle");
const schemaMigrations_1 = require("./schemaMigrations");
const sqlJsDecisionRepositories_1 = require("./sqlJsDecisionRepositories");
const PLAN_COLUMNS = 'plan_id, title, state, sandbox_path, sandbox_kind, base_ref, max_checkpoints, auto_prune, created_at, updated_at';
const CHECKPOINT_COLUMNS = 'checkpoint_id, plan_id, decision_id, checkpoint_type, resource_id, sandbox_ref, filesystem_path, size_bytes, created_at, metadata_json';
/** Every statement the repositories run; exported so tests can ask SQLite how it plans them. */
exports.STORE_SQL = Object.freeze({
    getPlan: `SELECT ${PLAN_COLUMNS} FROM ${schemaMigrations_1.PLANS_TABLE} WHERE plan_id = ?`,
    listPlans: `SELECT ${PLAN_COLUMNS} FROM ${schemaMigrations_1.PLANS_TABLE} ORDER BY created_at, plan_id`,
    insertPlan: `INSERT INTO ${schemaMigrations_1.PLANS_TABLE} (${PLAN_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    updatePlan: `UPDATE ${schemaMigrations_1.PLANS_TABLE} SET title = ?, state = ?, sandbox_path = ?, sandbox_kind = ?, base_ref = ?, ` +
        'max_checkpoints = ?, auto_prune = ?, created_at = ?, updated_at = ? WHERE plan_id = ?',
    getCheckpoint: `SELECT ${CHECKPOINT_COLUMNS} FROM ${schemaMigrations_1.CHECKPOINTS_TABLE} WHERE checkpoint_id = ?`,
    listCheckpointsForPlan: `SELECT ${CHECKPOINT_COLUMNS} FROM ${schemaMigrations_1.CHECKPOINTS_TABLE} WHERE plan_id = ? ORDER BY created_at, checkpoint_id`,
    countCheckpointsForPlan: `SELECT COUNT(*) FROM ${schemaMigrations_1.CHECKPOINTS_TABLE} WHERE plan_id = ?`,
    insertCheckpoint: `INSERT INTO ${schemaMigrations_1.CHECKPOINTS_TABLE} (${CHECKPOINT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    deleteCheckpoint: `DELETE FROM ${schemaMigrations_1.CHECKPOINTS_TABLE} WHERE checkpoint_id = ?`,
    deleteCheckpointsOfPlan: `DELETE FROM ${schemaMigrations_1.CHECKPOINTS_TABLE} WHERE plan_id = ?`,
    deletePlan: `DELETE FROM ${schemaMigrations_1.PLANS_TABLE} WHERE plan_id = ?`,
    insertStateChange: `INSERT INTO ${schemaMigrations_1.STATE_CHANGES_TABLE} (plan_id, from_state, to_state, changed_at) VALUES (?, ?, ?, ?)`,
    listStateChanges: `SELECT plan_id, from_state, to_state, changed_at FROM ${schemaMigrations_1.STATE_CHANGES_TABLE} WHERE plan_id = ? ORDER BY changed_at, rowid`,
    deleteStateChangesOfPlan: `DELETE FROM ${schemaMigrations_1.STATE_CHANGES_TABLE} WHERE plan_id = ?`,
});
/** Prepared statements of one open database; sql.js frees them when that database closes. */
class StatementCache {
    db;
    statements = new Map();
    constructor(db) {
        this.db = db;
    }
    /** Runs `use` on the prepared statement and leaves it reset, so it holds no read lock afterwards. */
    with(sql, use) {
        let statement = this.statements.get(sql);
        if (!statement) {
            statement = this.db.prepare(sql);
            this.statements.set(sql, statement);
        }
        try {
            return use(statement);
        }
        finally {
            statement.reset();
        }
    }
    changes() {
        return this.db.getRowsModified();
    }
    clear() {
        for (const statement of this.statements.values())
            statement.free();
        this.statements.clear();
    }
}
exports.StatementCache = StatementCache;
function createUnitOfWork(context) {
    return {
        plans: new SqlJsPlanRepository(context),
        checkpoints: new SqlJsCheckpointRepository(context),
        stateChanges: new SqlJsStateChangeRepository(context),
        decisions: new sqlJsDecisionRepositories_1.SqlJsDecisionRepository(context),
        corrections: new sqlJsDecisionRepositories_1.SqlJsCorrectionRepository(context),
    };
}
class SqlJsPlanRepository {
    ctx;
    constructor(ctx) {
        this.ctx = ctx;
    }
    get(planId) {
        const row = query(this.ctx, exports.STORE_SQL.getPlan, [planId], (s) => (s.step() ? s.get() : undefined));
        return row && unwrapOrThrow(this.ctx, schemaMigrations_1.PLANS_TABLE, decodePlan(row));
    }
    list() {
        const rows = query(this.ctx, exports.STORE_SQL.listPlans, [], readAll);
        return keepValid(this.ctx, schemaMigrations_1.PLANS_TABLE, rows.map(decodePlan));
    }
    insert(plan) {
        const valid = validateForWrite(this.ctx, plan_1.PlanSchema, plan, 'plan');
        refuseDigitOnlyIds({ plan_id: valid.plan_id });
        mutate(this.ctx, exports.STORE_SQL.insertPlan, [valid.plan_id, ...planValues(valid)], {
            unique: () => new errors_1.ValidationError(`plan ${valid.plan_id} already exists`),
        });
    }
    update(plan) {
        const valid = validateForWrite(this.ctx, plan_1.PlanSchema, plan, 'plan');
        const changed = mutate(this.ctx, exports.STORE_SQL.updatePlan, [...planValues(valid), valid.plan_id]);
        if (changed === 0)
            throw new errors_1.NotFoundError('plan', valid.plan_id);
    }
    delete(planId) {
        if (mutate(this.ctx, exports.STORE_SQL.deletePlan, [planId]) === 0)
            throw new errors_1.NotFoundError('plan', planId);
    }
}
class SqlJsStateChangeRepository {
    ctx;
    constructor(ctx) {
        this.ctx = ctx;
    }
    insert(change) {
        const c = validateForWrite(this.ctx, planLifecycle_1.PlanStateChangeSchema, change, 'state change');
        mutate(this.ctx, exports.STORE_SQL.insertStateChange, [c.plan_id, c.from_state, c.to_state, c.changed_at], {
            foreignKey: () => new errors_1.NotFoundError('plan', c.plan_id),
        });
    }
    listForPlan(planId) {
        const rows = query(this.ctx, exports.STORE_SQL.listStateChanges, [planId], readAll);
        return keepValid(this.ctx, schemaMigrations_1.STATE_CHANGES_TABLE, rows.map(([plan_id, from_state, to_state, changed_at]) => decode(planLifecycle_1.PlanStateChangeSchema, { plan_id, from_state, to_state, changed_at }, plan_id)));
    }
    deleteForPlan(planId) {
        return mutate(this.ctx, exports.STORE_SQL.deleteStateChangesOfPlan, [planId]);
    }
}
class SqlJsCheckpointRepository {
    ctx;
    constructor(ctx) {
        this.ctx = ctx;
    }
    get(checkpointId) {
        const row = query(this.ctx, exports.STORE_SQL.getCheckpoint, [checkpointId], (s) => (s.step() ? s.get() : undefined));
        return row && unwrapOrThrow(this.ctx, schemaMigrations_1.CHECKPOINTS_TABLE, decodeCheckpoint(row));
    }
    listForPlan(planId) {
        const rows = query(this.ctx, exports.STORE_SQL.listCheckpointsForPlan, [planId], readAll);
        return keepValid(this.ctx, schemaMigrations_1.CHECKPOINTS_TABLE, rows.map(decodeCheckpoint));
    }
    countForPlan(planId) {
        return query(this.ctx, exports.STORE_SQL.countCheckpointsForPlan, [planId], (s) => (s.step() ? Number(s.get()[0]) : 0));
    }
    insert(checkpoint) {
        const c = validateForWrite(this.ctx, checkpoint_1.CheckpointSchema, checkpoint, 'checkpoint');
        refuseDigitOnlyIds({
            checkpoint_id: c.checkpoint_id,
            plan_id: c.plan_id,
            decision_id: c.decision_id,
            resource_id: c.resource_id,
        });
        const values = [
            c.checkpoint_id,
            c.plan_id,
            c.decision_id,
            c.checkpoint_type,
            c.resource_id,
            c.sandbox_ref,
            c.filesystem_path,
            c.size_bytes,
            c.created_at,
            JSON.stringify(c.metadata),
        ];
        mutate(this.ctx, exports.STORE_SQL.insertCheckpoint, values, {
            unique: () => new errors_1.ValidationError(`checkpoint ${c.checkpoint_id} already exists`),
            foreignKey: () => new errors_1.NotFoundError('plan', c.plan_id),
        });
    }
    delete(checkpointId) {
        if (mutate(this.ctx, exports.STORE_SQL.deleteCheckpoint, [checkpointId]) === 0) {
            throw new errors_1.NotFoundError('checkpoint', checkpointId);
        }
    }
    deleteForPlan(planId) {
        return mutate(this.ctx, exports.STORE_SQL.deleteCheckpointsOfPlan, [planId]);
    }
}
function planValues(plan) {
    return [
        plan.title,
        plan.state,
        plan.sandbox_path,
        plan.sandbox_kind,
        plan.base_ref,
        plan.retention.max_checkpoints,
        plan.retention.auto_prune ? 1 : 0,
        plan.created_at,
        plan.updated_at,
    ];
}
function decodePlan(row) {
    const [plan_id, title, state, sandbox_path, sandbox_kind, base_ref, max_checkpoints, auto_prune, created_at, updated_at] = row;
    const candidate = {
        plan_id,
        title,
        state,
        sandbox_path,
        sandbox_kind,
        base_ref,
        // Anything but 0 or 1 is left as it is, so that zod reports it rather than we guess.
        retention: { max_checkpoints, auto_prune: auto_prune === 1 ? true : auto_prune === 0 ? false : auto_prune },
        created_at,
        updated_at,
    };
    return decode(plan_1.PlanSchema, candidate, plan_id);
}
function decodeCheckpoint(row) {
    const [checkpoint_id, plan_id, decision_id, checkpoint_type, resource_id, sandbox_ref, filesystem_path, size_bytes, created_at, metadata_json] = row;
    let metadata;
    if (metadata_json === null) {
        // The column is nullable in the spec: no audit data is a legal row, read as empty metadata.
        metadata = {};
    }
    else if (typeof metadata_json === 'string') {
        try {
            metadata = JSON.parse(metadata_json);
        }
        catch {
            return { ok: false, id: String(checkpoint_id), issues: 'metadata_json: not valid JSON' };
        }
    }
    else {
        return { ok: false, id: String(checkpoint_id), issues: 'metadata_json: not text' };
    }
    const candidate = {
        checkpoint_id,
        plan_id,
        sandbox_ref,
        decision_id,
        checkpoint_type,
        resource_id,
        filesystem_path,
        size_bytes,
        created_at,
        metadata,
    };
    return decode(checkpoint_1.CheckpointSchema, candidate, checkpoint_id);
}
function decode(schema, candidate, id) {
    const parsed = schema.safeParse(candidate);
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, id: String(id), issues: (0, errors_1.describeIssues)(parsed.error.issues) };
}
function keepValid(ctx, table, decoded) {
    const valid = [];
    for (const d of decoded) {
        if (d.ok)
            valid.push(d.value);
        else
            ctx.reportInvalidRow(table, d.id, d.issues);
    }
    return valid;
}
function unwrapOrThrow(ctx, table, decoded) {
    if (decoded.ok)
        return decoded.value;
    throw new errors_1.StoreError(`Row ${decoded.id} of table ${table} in ${ctx.location} does not match the schema (${decoded.issues}). ` +
        'Correct or delete that row with any SQLite client.');
}
function validateForWrite(ctx, schema, value, what) {
    if (!ctx.writable) {
        throw new errors_1.StoreError(`Cannot change a ${what} inside CheckpointStore.read(); use write().`);
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success)
        throw new errors_1.ValidationError(`${what}: ${(0, errors_1.describeIssues)(parsed.error.issues)}`);
    return parsed.data;
}
/**
 * SQLite gives the spec's STRING(26) columns NUMERIC affinity: an id of digits only would be stored
 * as a number and come back as something else. The ULID alphabet allows such ids; refuse them loudly.
 */
function refuseDigitOnlyIds(ids) {
    for (const [column, id] of Object.entries(ids)) {
        if (id !== null && /^[0-9]+$/.test(id)) {
            throw new errors_1.ValidationError(`${column} ${id} is made of digits only, which SQLite would store as a number`);
        }
    }
}
function readAll(statement) {
    const rows = [];
    while (statement.step())
        rows.push(statement.get());
    return rows;
}
function query(ctx, sql, params, read) {
    try {
        return ctx.statements.with(sql, (statement) => {
            statement.bind(params);
            return read(statement);
        });
    }
    catch (error) {
        throw sqliteError(ctx, error);
    }
}
/** Runs a change and returns how many rows it touched, turning constraint failures into domain errors. */
function mutate(ctx, sql, params, onConstraint = {}) {
    if (!ctx.writable)
        throw new errors_1.StoreError('Cannot change data inside CheckpointStore.read(); use write().');
    try {
        const changes = ctx.statements.with(sql, (statement) => {
            statement.run(params);
            return ctx.statements.changes();
        });
        ctx.recordChange?.(sql, params, changes);
        return changes;
    }
    catch (error) {
        const message = error.message ?? '';
        if (onConstraint.unique && /UNIQUE constraint failed|PRIMARY KEY/i.test(message))
            throw onConstraint.unique();
        if (onConstraint.foreignKey && /FOREIGN KEY constraint failed/i.test(message))
            throw onConstraint.foreignKey();
        throw sqliteError(ctx, error);
    }
}
/** An error from SQLite itself, as a StoreError that names the file and, for damage, what to do. */
function sqliteError(ctx, error) {
    if (error instanceof errors_1.StoreError || error instanceof errors_1.ValidationError || error instanceof errors_1.NotFoundError)
        return error;
    const message = error instanceof Error ? error.message : String(error);
    const damaged = /malformed|not a database|corrupt/i.test(message);
    return new errors_1.StoreError(damaged
        ? `The database ${ctx.location} is damaged (${message}). It was left as it is: move it aside and a new, empty one will be created.`
        : `SQLite failed on ${ctx.location}: ${message}`, { cause: error });
}
//# sourceMappingURL=sqlJsRepositories.js.map