import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import initSqlJs from 'sql.js';
import type { SqlJsStatic } from 'sql.js';
import { StoreError } from '../../core/errors';

/** The file sql.js needs beside its JavaScript; esbuild copies it to `dist/`. */
export const SQL_WASM_FILE_NAME = 'sql-wasm.wasm';

let loading: Promise<SqlJsStatic> | undefined;

/**
 * sql.js, initialised once per process from `<wasmDir>/sql-wasm.wasm`. The first caller's folder
 * wins; later callers share the same module, as the wasm is identical wherever it lies. The wasm is
 * read by us and handed over as bytes so that neither a bundler nor sql.js's own path guessing
 * decides where it comes from, and nothing is ever fetched from the network.
 */
export function loadSqlJs(wasmDir: string): Promise<SqlJsStatic> {
  if (!loading) {
    const wasmPath = path.join(wasmDir, SQL_WASM_FILE_NAME);
    loading = (async () => {
      let wasmBinary: Uint8Array;
      try {
        wasmBinary = await readFile(wasmPath);
      } catch (error) {
        throw new StoreError(`Cannot read the SQLite engine ${wasmPath}: ${(error as Error).message}`, { cause: error });
      }
      try {
        return await initSqlJs({ wasmBinary: wasmBinary.buffer.slice(wasmBinary.byteOffset, wasmBinary.byteOffset + wasmBinary.byteLength) as ArrayBuffer });
      } catch (error) {
        throw new StoreError(`Cannot start the SQLite engine from ${wasmPath}: ${(error as Error).message}`, { cause: error });
      }
    })();
    // A failed start (say, the wasm was missing) must not poison the process: let the next call retry.
    loading.catch(() => {
      loading = undefined;
    });
  }
  return loading;
}
