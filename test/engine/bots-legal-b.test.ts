// The heuristic bots play only from their seat's view and only what `view.legal` offers,
// over seeded games of raw, doctor and butterfly.
import { botLegalityTests } from './bot-games.ts';

// Raw's small tables are quick: it plays more, so the three files together play 10,000 games.
botLegalityTests([['raw', 2350], ['doctor', 1250], ['butterfly', 1250]]);
