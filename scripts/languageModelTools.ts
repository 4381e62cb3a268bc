// Writes package.json's `contributes.languageModelTools` from the agent tools (src/agentTools/):
//   npx tsc -p . && node out/scripts/languageModelTools.js --write
// Without --write it prints them. test/unit/languageModelTools.test.ts checks that they agree.
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { AGENT_TOOLS } from '../src/agentTools/agentTools';
import { languageModelToolContributions } from '../src/extension/languageModelTools/toolContributions';

const contributions = languageModelToolContributions(AGENT_TOOLS);
if (process.argv.includes('--write')) {
  const file = path.join(__dirname, '..', '..', 'package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as { contributes: Record<string, unknown> };
  pkg.contributes.languageModelTools = contributions;
  writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
  console.log(`wrote ${contributions.length} language model tools into ${file}`);
} else {
  console.log(JSON.stringify(contributions, null, 2));
}
