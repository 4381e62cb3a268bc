import { accessSync, constants as fsConstants } from 'node:fs';
import * as path from 'node:path';

/**
 * A program's absolute path from PATH's folders (`Path` on Windows), the first that holds it as an
 * executable; absolute folders only: a relative one (`.`) would be whatever folder we run in, the
 * workspace included.
 */
export function executableOnPath(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env.PATH ?? env.Path ?? '').split(path.delimiter)) {
    if (!dir || !path.isAbsolute(dir)) continue;
    const file = path.join(dir, name);
    try {
      accessSync(file, fsConstants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}
