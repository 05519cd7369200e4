// The acting roles, and the rulesets whose deck holds one card of each (docs/rules/doctor.md, butterfly.md):
// there, two seats claiming one of those roles cannot both be telling the truth.
import type { Role } from '../types.ts';

/** The rulesets whose deck holds one card of each acting role: whoever else claims mine lies. */
export const ONE_EACH: ReadonlySet<string> = new Set(['doctor', 'butterfly']);

/** The roles whose card acts on one seat at night, besides the police's check. */
export const ACTING: ReadonlySet<Role> = new Set(['doctor', 'butterfly', 'old-man', 'secret-police', 'sniper']);
