import { ShortIds, workspaceIds } from '../../../src/core/shortIds';
import { services } from './sandboxFixtures';

/** The short form the CLI's text shows for an id of this workspace (core/shortIds), read through the services. */
export async function shortIdOf(root: string, ...ids: string[]): Promise<string[]> {
  const s = services(root);
  try {
    const short = new ShortIds(await workspaceIds(s));
    return ids.map((id) => short.of(id));
  } finally {
    s.dispose();
  }
}
