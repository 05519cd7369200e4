// The heuristic bots play only from their seat's view and only what `view.legal` offers,
// over seeded games of raw, doctor and butterfly.
import { botLegalityTests } from './bot-games.ts';

// Raw's small tables are quick: it plays more, so the three files together play about 6,000 games
// (they played 10,000, a quarter of the engine project's CPU; hundreds per ruleset still cover
// every table size under each pairing of policies many times).
botLegalityTests([['raw', 2350], ['doctor', 550], ['butterfly', 450]]);
