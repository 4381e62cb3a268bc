import type { Database, SqlValue, Statement } from 'sql.js';
import type { z } from 'zod';
import { CheckpointSchema, type Checkpoint } from '../../core/checkpoint';
import { plainCheckpoint } from './checkpointRowCheck';
import { NotFoundError, StoreError, ValidationError, describeIssues } from '../../core/errors';
import { PlanSchema, type Plan } from '../../core/plan';
import { PlanStateChangeSchema, type PlanStateChange } from '../../core/planLifecycle';
import type { CheckpointRepository, IdRepository, PlanRepository, PlanStateChangeRepository } from '../../core/ports';
import { CHECKPOINTS_TABLE, CORRECTIONS_TABLE, DECISIONS_TABLE, PLANS_TABLE, STATE_CHANGES_TABLE } from './schemaMigrations';

const PLAN_COLUMNS =
  'plan_id, title, state, sandbox_path, sandbox_kind, base_ref, max_checkpoints, auto_prune, created_at, updated_at';
const CHECKPOINT_COLUMNS =
  'checkpoint_id, plan_id, decision_id, checkpoint_type, resource_id, sandbox_ref, filesystem_path, size_bytes, created_at, metadata_json';

/** Every statement the repositories run; exported so tests can ask SQLite how it plans them. */
export const STORE_SQL = Object.freeze({
  getPlan: `SELECT ${PLAN_COLUMNS} FROM ${PLANS_TABLE} WHERE plan_id = ?`,
  listPlans: `SELECT ${PLAN_COLUMNS} FROM ${PLANS_TABLE} ORDER BY created_at, plan_id`,
  insertPlan: `INSERT INTO ${PLANS_TABLE} (${PLAN_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  updatePlan:
    `UPDATE ${PLANS_TABLE} SET title = ?, state = ?, sandbox_path = ?, sandbox_kind = ?, base_ref = ?, ` +
    'max_checkpoints = ?, auto_prune = ?, created_at = ?, updated_at = ? WHERE plan_id = ?',
  getCheckpoint: `SELECT ${CHECKPOINT_COLUMNS} FROM ${CHECKPOINTS_TABLE} WHERE checkpoint_id = ?`,
  listCheckpointsForPlan: `SELECT ${CHECKPOINT_COLUMNS} FROM ${CHECKPOINTS_TABLE} WHERE plan_id = ? ORDER BY created_at, checkpoint_id`,
  countCheckpointsForPlan: `SELECT COUNT(*) FROM ${CHECKPOINTS_TABLE} WHERE plan_id = ?`,
  newestCheckpointsOfPlan: `SELECT ${CHECKPOINT_COLUMNS} FROM ${CHECKPOINTS_TABLE} WHERE plan_id = ? ORDER BY created_at DESC, checkpoint_id DESC`,
  checkpointIdsOfPlan: `SELECT checkpoint_id FROM ${CHECKPOINTS_TABLE} WHERE plan_id = ?`,
  insertCheckpoint: `INSERT INTO ${CHECKPOINTS_TABLE} (${CHECKPOINT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  deleteCheckpoint: `DELETE FROM ${CHECKPOINTS_TABLE} WHERE checkpoint_id = ?`,
  deleteCheckpointsOfPlan: `DELETE FROM ${CHECKPOINTS_TABLE} WHERE plan_id = ?`,
  deletePlan: `DELETE FROM ${PLANS_TABLE} WHERE plan_id = ?`,
  insertStateChange: `INSERT INTO ${STATE_CHANGES_TABLE} (plan_id, from_state, to_state, changed_at) VALUES (?, ?, ?, ?)`,
  listStateChanges: `SELECT plan_id, from_state, to_state, changed_at FROM ${STATE_CHANGES_TABLE} WHERE plan_id = ? ORDER BY changed_at, rowid`,
  deleteStateChangesOfPlan: `DELETE FROM ${STATE_CHANGES_TABLE} WHERE plan_id = ?`,
  allIds:
    `SELECT plan_id FROM ${PLANS_TABLE} UNION ALL SELECT checkpoint_id FROM ${CHECKPOINTS_TABLE} ` +
    `UNION ALL SELECT decision_id FROM ${DECISIONS_TABLE} UNION ALL SELECT correction_id FROM ${CORRECTIONS_TABLE}`,
});

/** Prepared statements of one open database; sql.js frees them when that database closes. */
export class StatementCache {
  private readonly statements = new Map<string, Statement>();
  constructor(private readonly db: Database) {}

  /** Runs `use` on the prepared statement and leaves it reset, so it holds no read lock afterwards. */
  with<T>(sql: string, use: (statement: Statement) => T): T {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    try {
      return use(statement);
    } finally {
      statement.reset();
    }
  }

  changes(): number {
    return this.db.getRowsModified();
  }

  clear(): void {
    for (const statement of this.statements.values()) statement.free();
    this.statements.clear();
  }
}

/** What the repositories need from the store around them. */
export interface RepositoryContext {
  readonly statements: StatementCache;
  /** The database file, for messages. */
  readonly location: string;
  /** False inside `read`: changing anything there is a programming error. */
  readonly writable: boolean;
  /** Called for each row that fails its schema and is left out of a list. */
  reportInvalidRow(table: string, id: string, issues: string): void;
  /** Called after each change that succeeded, with what it ran: the store's write log records it. */
  recordChange?(sql: string, params: readonly SqlValue[], changes: number): void;
}

export type Decoded<T> = { ok: true; value: T } | { ok: false; id: string; issues: string };

export class SqlJsIdRepository implements IdRepository {
  constructor(private readonly ctx: RepositoryContext) {}

  all(): string[] {
    // One query over the primary keys, no row decoded: a workspace of 5,000 checkpoints made
    // every text command of the CLI pay for listing them all (issue 39).
    return query(this.ctx, STORE_SQL.allIds, [], (s) => {
      const ids: string[] = [];
      while (s.step()) {
        const id = s.get()[0];
        if (typeof id === 'string') ids.push(id);
      }
      return ids;
    });
  }
}

export class SqlJsPlanRepository implements PlanRepository {
  constructor(private readonly ctx: RepositoryContext) {}

  get(planId: string): Plan | undefined {
    const row = query(this.ctx, STORE_SQL.getPlan, [planId], (s) => (s.step() ? s.get() : undefined));
    return row && unwrapOrThrow(this.ctx, PLANS_TABLE, decodePlan(row));
  }

  list(): Plan[] {
    const rows = query(this.ctx, STORE_SQL.listPlans, [], readAll);
    return keepValid(this.ctx, PLANS_TABLE, rows.map(decodePlan));
  }

  insert(plan: Plan): void {
    const valid = validateForWrite(this.ctx, PlanSchema, plan, 'plan');
    refuseDigitOnlyIds({ plan_id: valid.plan_id });
    mutate(this.ctx, STORE_SQL.insertPlan, [valid.plan_id, ...planValues(valid)], {
      unique: () => new ValidationError(`plan ${valid.plan_id} already exists`),
    });
  }

  update(plan: Plan): void {
    const valid = validateForWrite(this.ctx, PlanSchema, plan, 'plan');
    const changed = mutate(this.ctx, STORE_SQL.updatePlan, [...planValues(valid), valid.plan_id]);
    if (changed === 0) throw new NotFoundError('plan', valid.plan_id);
  }

  delete(planId: string): void {
    if (mutate(this.ctx, STORE_SQL.deletePlan, [planId]) === 0) throw new NotFoundError('plan', planId);
  }
}

export class SqlJsStateChangeRepository implements PlanStateChangeRepository {
  constructor(private readonly ctx: RepositoryContext) {}

  insert(change: PlanStateChange): void {
    const c = validateForWrite(this.ctx, PlanStateChangeSchema, change, 'state change');
    mutate(this.ctx, STORE_SQL.insertStateChange, [c.plan_id, c.from_state, c.to_state, c.changed_at], {
      foreignKey: () => new NotFoundError('plan', c.plan_id),
    });
  }

  listForPlan(planId: string): PlanStateChange[] {
    const rows = query(this.ctx, STORE_SQL.listStateChanges, [planId], readAll);
    return keepValid(
      this.ctx,
      STATE_CHANGES_TABLE,
      rows.map(([plan_id, from_state, to_state, changed_at]) => decode(PlanStateChangeSchema, { plan_id, from_state, to_state, changed_at }, plan_id)),
    );
  }

  deleteForPlan(planId: string): number {
    return mutate(this.ctx, STORE_SQL.deleteStateChangesOfPlan, [planId]);
  }
}

export class SqlJsCheckpointRepository implements CheckpointRepository {
  constructor(private readonly ctx: RepositoryContext) {}

  get(checkpointId: string): Checkpoint | undefined {
    const row = query(this.ctx, STORE_SQL.getCheckpoint, [checkpointId], (s) => (s.step() ? s.get() : undefined));
    return row && unwrapOrThrow(this.ctx, CHECKPOINTS_TABLE, decodeCheckpoint(row));
  }

  listForPlan(planId: string): Checkpoint[] {
    const rows = query(this.ctx, STORE_SQL.listCheckpointsForPlan, [planId], readAll);
    return keepValid(this.ctx, CHECKPOINTS_TABLE, rows.map(decodeCheckpoint));
  }

  countForPlan(planId: string): number {
    return query(this.ctx, STORE_SQL.countCheckpointsForPlan, [planId], (s) => (s.step() ? Number(s.get()[0]) : 0));
  }

  lastForPlan(planId: string): Checkpoint | undefined {
    // Newest first, stepping only as far as the first row that decodes: listForPlan's last row,
    // without decoding (and checking) the plan's whole history on every automatic checkpoint.
    return query(this.ctx, STORE_SQL.newestCheckpointsOfPlan, [planId], (s) => {
      while (s.step()) {
        const [valid] = keepValid(this.ctx, CHECKPOINTS_TABLE, [decodeCheckpoint(s.get())]);
        if (valid) return valid;
      }
      return undefined;
    });
  }

  idsForPlan(planId: string): string[] {
    return query(this.ctx, STORE_SQL.checkpointIdsOfPlan, [planId], readAll).map(([id]) => String(id));
  }

  insert(checkpoint: Checkpoint): void {
    const c = validateForWrite(this.ctx, CheckpointSchema, checkpoint, 'checkpoint');
    refuseDigitOnlyIds({
      checkpoint_id: c.checkpoint_id,
      plan_id: c.plan_id,
      decision_id: c.decision_id,
      resource_id: c.resource_id,
    });
    const values: SqlValue[] = [
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
    mutate(this.ctx, STORE_SQL.insertCheckpoint, values, {
      unique: () => new ValidationError(`checkpoint ${c.checkpoint_id} already exists`),
      foreignKey: () => new NotFoundError('plan', c.plan_id),
    });
  }

  delete(checkpointId: string): void {
    if (mutate(this.ctx, STORE_SQL.deleteCheckpoint, [checkpointId]) === 0) {
      throw new NotFoundError('checkpoint', checkpointId);
    }
  }

  deleteForPlan(planId: string): number {
    return mutate(this.ctx, STORE_SQL.deleteCheckpointsOfPlan, [planId]);
  }
}

function planValues(plan: Plan): SqlValue[] {
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

function decodePlan(row: SqlValue[]): Decoded<Plan> {
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
  return decode(PlanSchema, candidate, plan_id);
}

function decodeCheckpoint(row: SqlValue[]): Decoded<Checkpoint> {
  const [checkpoint_id, plan_id, decision_id, checkpoint_type, resource_id, sandbox_ref, filesystem_path, size_bytes, created_at, metadata_json] = row;
  let metadata: unknown;
  if (metadata_json === null) {
    // The column is nullable in the spec: no audit data is a legal row, read as empty metadata.
    metadata = {};
  } else if (typeof metadata_json === 'string') {
    try {
      metadata = JSON.parse(metadata_json);
    } catch {
      return { ok: false, id: String(checkpoint_id), issues: 'metadata_json: not valid JSON' };
    }
  } else {
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
  // Rows as the store writes them are checked without zod (checkpointRowCheck.ts); any other goes to the schema.
  const plain = plainCheckpoint(candidate);
  return plain ? { ok: true, value: plain } : decode(CheckpointSchema, candidate, checkpoint_id);
}

export function decode<S extends z.ZodType>(schema: S, candidate: unknown, id: SqlValue): Decoded<z.output<S>> {
  const parsed = schema.safeParse(candidate);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, id: String(id), issues: describeIssues(parsed.error.issues) };
}

export function keepValid<T>(ctx: RepositoryContext, table: string, decoded: Decoded<T>[]): T[] {
  const valid: T[] = [];
  for (const d of decoded) {
    if (d.ok) valid.push(d.value);
    else ctx.reportInvalidRow(table, d.id, d.issues);
  }
  return valid;
}

export function unwrapOrThrow<T>(ctx: RepositoryContext, table: string, decoded: Decoded<T>): T {
  if (decoded.ok) return decoded.value;
  throw new StoreError(
    `Row ${decoded.id} of table ${table} in ${ctx.location} does not match the schema (${decoded.issues}). ` +
      'Correct or delete that row with any SQLite client.',
  );
}

export function validateForWrite<S extends z.ZodType>(ctx: RepositoryContext, schema: S, value: unknown, what: string): z.output<S> {
  if (!ctx.writable) {
    throw new StoreError(`Cannot change a ${what} inside CheckpointStore.read(); use write().`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ValidationError(`${what}: ${describeIssues(parsed.error.issues)}`);
  return parsed.data;
}

/**
 * SQLite gives the spec's STRING(26) columns NUMERIC affinity: an id of digits only would be stored
 * as a number and come back as something else. The ULID alphabet allows such ids; refuse them loudly.
 */
export function refuseDigitOnlyIds(ids: Record<string, string | null>): void {
  for (const [column, id] of Object.entries(ids)) {
    if (id !== null && /^[0-9]+$/.test(id)) {
      throw new ValidationError(`${column} ${id} is made of digits only, which SQLite would store as a number`);
    }
  }
}

export function readAll(statement: Statement): SqlValue[][] {
  const rows: SqlValue[][] = [];
  while (statement.step()) rows.push(statement.get());
  return rows;
}

export function query<T>(ctx: RepositoryContext, sql: string, params: SqlValue[], read: (statement: Statement) => T): T {
  try {
    return ctx.statements.with(sql, (statement) => {
      statement.bind(params);
      return read(statement);
    });
  } catch (error) {
    throw sqliteError(ctx, error);
  }
}

export interface ConstraintErrors {
  unique?: () => Error;
  foreignKey?: () => Error;
}

/** Runs a change and returns how many rows it touched, turning constraint failures into domain errors. */
export function mutate(ctx: RepositoryContext, sql: string, params: SqlValue[], onConstraint: ConstraintErrors = {}): number {
  if (!ctx.writable) throw new StoreError('Cannot change data inside CheckpointStore.read(); use write().');
  try {
    const changes = ctx.statements.with(sql, (statement) => {
      statement.run(params);
      return ctx.statements.changes();
    });
    ctx.recordChange?.(sql, params, changes);
    return changes;
  } catch (error) {
    const message = (error as Error).message ?? '';
    if (onConstraint.unique && /UNIQUE constraint failed|PRIMARY KEY/i.test(message)) throw onConstraint.unique();
    if (onConstraint.foreignKey && /FOREIGN KEY constraint failed/i.test(message)) throw onConstraint.foreignKey();
    throw sqliteError(ctx, error);
  }
}

/** An error from SQLite itself, as a StoreError that names the file and, for damage, what to do. */
export function sqliteError(ctx: { readonly location: string }, error: unknown): Error {
  if (error instanceof StoreError || error instanceof ValidationError || error instanceof NotFoundError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const damaged = /malformed|not a database|corrupt/i.test(message);
  return new StoreError(
    damaged
      ? `The database ${ctx.location} is damaged (${message}). It was left as it is: move it aside and a new, empty one will be created.`
      : `SQLite failed on ${ctx.location}: ${message}`,
    { cause: error },
  );
}
