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
exports.AmbiguousIdError = exports.AMBIGUOUS_SHOWN = exports.IdOrPrefixSchema = exports.MIN_ID_PREFIX = void 0;
exports.isWholeId = isWholeId;
exports.resolveIdPrefix = resolveIdPrefix;
exports.resolveCheckpointId = resolveCheckpointId;
const z = __importStar(require("zod"));
const displayText_1 = require("./displayText");
const errors_1 = require("./errors");
const ids_1 = require("./ids");
const shortIds_1 = require("./shortIds");
/** The shortest part of an id that a person may type, as git accepts short hashes. */
exports.MIN_ID_PREFIX = shortIds_1.MIN_SHORT_ID;
/**
 * A whole ULID, or 4 to 25 of its characters: its short form (its last characters, as the tree and
 * the CLI's text show it) or its first ones. Crockford base32 is read without regard to case, so
 * `01m8rwss` is `01M8RWSS`.
 */
exports.IdOrPrefixSchema = z
    .string()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(new RegExp(`^[0-9A-HJKMNP-TV-Z]{${exports.MIN_ID_PREFIX},26}$`), { message: `must be a ULID (26 characters of Crockford base32), or its short form (${exports.MIN_ID_PREFIX} or more of its last characters, or of its first)` }));
function isWholeId(value) {
    return ids_1.ULID_PATTERN.test(value);
}
/** How many candidates an ambiguous id names: enough to pick from, few enough to read. */
exports.AMBIGUOUS_SHOWN = 5;
/**
 * A short id that fits several ids: refused, naming a few of them (their short forms among those
 * that fit, which are what to type) one per line. The message is one line (JSON, toasts); the CLI's
 * text prints `candidates` below it.
 */
class AmbiguousIdError extends errors_1.ValidationError {
    entity;
    given;
    candidates;
    count;
    constructor(entity, given, 
    /** `<short id>  <label>`, at most AMBIGUOUS_SHOWN, then `and N more` when there are. */
    candidates, count) {
        super(`${entity} id "${given}" is ambiguous: it fits ${count} ${entity}s; give more characters, for instance one of: ${candidates.join('; ')}`);
        this.entity = entity;
        this.given = given;
        this.candidates = candidates;
        this.count = count;
    }
}
exports.AmbiguousIdError = AmbiguousIdError;
/**
 * The one id among `candidates` that `given` is, ends with (the short form) or begins with. A
 * whole id is taken as it is (the command's own lookup reports one that does not exist). None
 * fitting is the entity's NotFound, naming `given`; more than one is refused with a few candidates.
 */
function resolveIdPrefix(given, candidates, entity) {
    if (isWholeId(given))
        return given;
    const matches = candidates.filter((c) => c.id.endsWith(given) || c.id.startsWith(given));
    if (matches.length === 1)
        return matches[0].id;
    if (matches.length === 0)
        throw new errors_1.NotFoundError(entity, given);
    const short = new shortIds_1.ShortIds(matches.map((c) => c.id));
    const shown = matches.slice(-exports.AMBIGUOUS_SHOWN).reverse().map((c) => `${short.of(c.id)}  ${(0, displayText_1.escapeUnsafe)(c.label)}`);
    if (matches.length > exports.AMBIGUOUS_SHOWN)
        shown.push(`and ${matches.length - exports.AMBIGUOUS_SHOWN} more`);
    throw new AmbiguousIdError(entity, given, shown, matches.length);
}
/** A checkpoint id as given (whole, short or a prefix) made whole among its plan's checkpoints; a whole id costs nothing. */
async function resolveCheckpointId(checkpoints, planId, given) {
    if (isWholeId(given))
        return given;
    const list = await checkpoints.listCheckpoints(planId);
    return resolveIdPrefix(given, list.map((c) => ({ id: c.checkpoint_id, label: `${c.checkpoint_type}, ${c.created_at}${c.metadata.reason ? `, ${c.metadata.reason.slice(0, 60)}` : ''}` })), 'checkpoint');
}
//# sourceMappingURL=idPrefix.js.map