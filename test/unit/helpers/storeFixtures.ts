import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { monotonicFactory } from 'ulid';
import type { Checkpoint } from '../../../src/core/checkpoint';
import type { Plan } from '../../../src/core/plan';
import type { Logger } from '../../../src/core/ports';
import { SqlJsCheckpointStore } from '../../../src/adapters/sqlStore/sqlJsCheckpointStore';
import type { FileLockOptions } from '../../../src/adapters/files/fileLock';

/** Where the tests load sql.js's wasm from; production loads it from `dist/`. */
export const SQL_WASM_DIR = path.dirname(require.resolve('sql.js/dist/sql-wasm.wasm'));

/** The independent SQLite client the tests read the files with. */
export const SQLITE3_CLI = '/usr/bin/sqlite3';

export class RecordingLogger implements Logger {
  readonly entries: { level: 'debug' | 'info' | 'warn' | 'error'; message: string }[] = [];
  debug(message: string): void {
    this.entries.push({ level: 'debug', message });
  }
  info(message: string): void {
    this.entries.push({ level: 'info', message });
  }
  warn(message: string): void {
    this.entries.push({ level: 'warn', message });
  }
  error(message: string): void {
    this.entries.push({ level: 'error', message });
  }
  warnings(): string[] {
    return this.entries.filter((e) => e.level === 'warn').map((e) => e.message);
  }
}

export function openStore(databasePath: string, logger: Logger = new RecordingLogger(), lock?: Partial<FileLockOptions>): SqlJsCheckpointStore {
  return new SqlJsCheckpointStore({ databasePath, wasmDir: SQL_WASM_DIR, logger, lock });
}

export const newId = monotonicFactory();

/** A fake 40-hex object id that differs per call. */
let objectCounter = 0;
export function objectId(): string {
  objectCounter += 1;
  return objectCounter.toString(16).padStart(40, 'a');
}

export function makePlan(overrides: Partial<Plan> = {}): Plan {
  return {
    plan_id: newId(),
    title: 'Refactor the parser',
    state: 'executing',
    sandbox_path: 'packages/parser',
    sandbox_kind: 'in_place',
    base_ref: null,
    retention: { max_checkpoints: 50, auto_prune: true },
    created_at: '2026-01-02T03:04:05.678Z',
    updated_at: '2026-01-02T03:04:05.678Z',
    ...overrides,
  };
}

let clock = Date.parse('2026-01-02T03:04:05.000Z');
export function makeCheckpoint(planId: string, overrides: Partial<Checkpoint> = {}): Checkpoint {
  clock += 1000;
  const id = newId();
  return {
    checkpoint_id: id,
    plan_id: planId,
    sandbox_ref: objectId(),
    decision_id: null,
    checkpoint_type: 'manual',
    resource_id: null,
    filesystem_path: `refs/${planId}/${id}`,
    size_bytes: 1234,
    created_at: new Date(clock).toISOString(),
    metadata: { reason: 'manual', source_tool: null, phase: null, extra: {}, skipped: [] },
    ...overrides,
  };
}

/** Runs SQL through the sqlite3 command line on a file and returns its JSON rows. */
export function sqlite3Json(dbPath: string, sql: string): Record<string, unknown>[] {
  const out = execFileSync(SQLITE3_CLI, ['-json', dbPath, sql], { encoding: 'utf8' }).trim();
  return out ? (JSON.parse(out) as Record<string, unknown>[]) : [];
}

export function sqlite3(dbPath: string, ...args: string[]): string {
  return execFileSync(SQLITE3_CLI, [dbPath, ...args], { encoding: 'utf8' });
}
