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
// The first steps a new user is offered: the walkthrough on the Welcome page and the empty view's
// welcome content. A link there is a button that runs a command; VS Code shows nothing when the
// command does not exist, so every link must name one that does, and every picture must be there.
const assert = __importStar(require("node:assert/strict"));
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const REPO_ROOT = path.join(__dirname, '..', '..', '..');
/** VS Code's own commands the first steps may link to (each with the reason it is there). */
const VSCODE_COMMANDS = new Set([
    'workbench.action.files.openFolder', // the view with no folder open
    'workbench.trust.manage', // Restricted Mode
    'workbench.action.openSettings', // the database setting
    'workbench.action.openWalkthrough', // the empty view opens the walkthrough
]);
/** Every `[text](command:id?args)` link of a markdown text. */
function commandLinks(markdown) {
    return [...markdown.matchAll(/\[([^\]]*)\]\(command:([^)?\s]+)(?:\?([^)\s]*))?\)/g)].map((m) => ({
        text: m[1],
        command: m[2],
        ...(m[3] !== undefined ? { args: JSON.parse(decodeURIComponent(m[3])) } : {}),
    }));
}
/** Why `link` would do nothing when clicked, or undefined when it runs a command that exists. */
function brokenLink(manifest, link) {
    const { contributes } = manifest;
    if (contributes.commands.some((c) => c.command === link.command))
        return undefined;
    const containers = Object.values(contributes.viewsContainers).flat().map((c) => c.id);
    const container = /^workbench\.view\.extension\.(.+)$/.exec(link.command)?.[1];
    if (container !== undefined)
        return containers.includes(container) ? undefined : `${link.command}: no view container ${container} is contributed`;
    if (!VSCODE_COMMANDS.has(link.command))
        return `${link.command} is neither a contributed command nor one of VS Code's this test knows`;
    if (link.command === 'workbench.action.openWalkthrough') {
        const ids = contributes.walkthroughs.map((w) => `${manifest.publisher}.${manifest.name}#${w.id}`);
        const arg = Array.isArray(link.args) ? link.args[0] : undefined;
        if (typeof arg !== 'string' || !ids.includes(arg))
            return `${link.command} opens ${JSON.stringify(link.args)}, not one of ${ids.join(', ')}`;
    }
    return undefined;
}
describe('The first steps: walkthrough and welcome view', () => {
    const manifest = JSON.parse((0, node_fs_1.readFileSync)(path.join(REPO_ROOT, 'package.json'), 'utf8'));
    const walkthrough = manifest.contributes.walkthroughs[0];
    it('has one walkthrough: connect an agent, create a plan, see the checkpoints, roll back, undo', () => {
        assert.equal(manifest.contributes.walkthroughs.length, 1);
        assert.deepEqual(walkthrough.steps.map((s) => s.id), ['connectAgent', 'createPlan', 'seeCheckpoints', 'rollBack', 'undo']);
    });
    it('gives each step a button (a command link on a line of its own) that runs a command that exists', () => {
        for (const step of walkthrough.steps) {
            const links = commandLinks(step.description);
            assert.ok(links.length >= 1, `${step.id} has no button`);
            const lines = step.description.split('\n');
            for (const link of links) {
                assert.equal(brokenLink(manifest, link), undefined, `${step.id}: ${brokenLink(manifest, link)}`);
                assert.ok(lines.some((l) => l.startsWith(`[${link.text}](command:`) && l.endsWith(')')), `${step.id}: [${link.text}] is not a line of its own, so it shows as a link, not a button`);
            }
        }
    });
    it('marks a step done when the work of its button is done (or the view it opens shows), not when the command merely ran', () => {
        // The context key each command sets once its work succeeded (a cancelled pick sets none).
        const doneWhen = {
            'cleveragents.checkpoints.connectAgent': 'onContext:cleveragents.checkpoints.agentConnected',
            'cleveragents.checkpoints.createPlan': 'onContext:cleveragents.checkpoints.databaseState == ready',
            'cleveragents.checkpoints.rollback': 'onContext:cleveragents.checkpoints.rolledBack',
            'cleveragents.checkpoints.undoRollback': 'onContext:cleveragents.checkpoints.undidRollback',
        };
        const keys = (0, node_fs_1.readFileSync)(path.join(REPO_ROOT, 'src', 'extension', 'tree', 'contextKeys.ts'), 'utf8');
        for (const step of walkthrough.steps) {
            const [first] = commandLinks(step.description);
            const events = step.completionEvents ?? [];
            assert.ok(!events.some((e) => e.startsWith('onCommand:')), `${step.id}: ${JSON.stringify(events)} ticks the step when the command opens`);
            if (first.command.startsWith('workbench.view.extension.')) {
                assert.ok(events.some((e) => Object.values(manifest.contributes.views).flat().some((v) => e === `onView:${v.id}`)), `${step.id}: ${JSON.stringify(events)}`);
                continue;
            }
            const expected = doneWhen[first.command];
            assert.ok(expected !== undefined && events.includes(expected), `${step.id}: completionEvents ${JSON.stringify(events)} do not follow the work of its button ${first.command}`);
            assert.ok(keys.includes(`'${expected.slice('onContext:'.length).split(' ')[0]}'`), `${expected}: no such context key in contextKeys.ts`);
        }
    });
    it('gives each step a small PNG of the extension, described for screen readers, that the package carries', () => {
        const ignore = (0, node_fs_1.readFileSync)(path.join(REPO_ROOT, '.vscodeignore'), 'utf8').split('\n').map((l) => l.trim());
        for (const step of walkthrough.steps) {
            assert.ok(step.media.altText && step.media.altText.length > 10, `${step.id} has no altText`);
            const images = typeof step.media.image === 'string' ? [step.media.image] : Object.values(step.media.image ?? {});
            assert.ok(images.length >= 1, `${step.id} has no image`);
            for (const image of images) {
                assert.match(image, /^media\/walkthrough\/[\w-]+\.png$/, `${step.id}: ${image}`);
                const file = path.join(REPO_ROOT, image);
                const bytes = (0, node_fs_1.readFileSync)(file);
                assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG', `${image} is not a PNG`);
                const size = (0, node_fs_1.statSync)(file).size;
                assert.ok(size <= 80_000, `${image} is ${size} bytes: keep the package small (at most 80 KB)`);
            }
        }
        assert.ok(ignore.includes('!media/walkthrough/*.png'), '.vscodeignore leaves the walkthrough’s images out of the .vsix');
    });
    it('offers the same first steps in the empty view: Connect an Agent, Create Plan and the walkthrough, each a command that exists', () => {
        const empty = manifest.contributes.viewsWelcome.filter((w) => w.contents.includes('command:cleveragents.checkpoints.createPlan'));
        assert.ok(empty.length >= 1);
        for (const welcome of empty) {
            const commands = commandLinks(welcome.contents).map((l) => l.command);
            for (const wanted of ['cleveragents.checkpoints.connectAgent', 'cleveragents.checkpoints.createPlan', 'workbench.action.openWalkthrough']) {
                assert.ok(commands.includes(wanted), `the welcome view "${welcome.contents.split('\n')[0]}" does not offer ${wanted}`);
            }
        }
        for (const welcome of manifest.contributes.viewsWelcome) {
            for (const link of commandLinks(welcome.contents))
                assert.equal(brokenLink(manifest, link), undefined);
        }
    });
    it('catches a link to a command that does not exist, to another walkthrough, or to a view container of no one', () => {
        assert.match(brokenLink(manifest, { command: 'cleveragents.checkpoints.rollBack' }) ?? '', /neither a contributed command/);
        assert.match(brokenLink(manifest, { command: 'workbench.action.openWalkthrough', args: ['cleveragents.cleveragents-checkpoints#other'] }) ?? '', /opens/);
        assert.match(brokenLink(manifest, { command: 'workbench.view.extension.checkpoints' }) ?? '', /no view container/);
        assert.equal(brokenLink(manifest, { command: 'workbench.view.extension.cleveragents-checkpoints' }), undefined);
    });
});
//# sourceMappingURL=walkthrough.test.js.map