// Seeded random games of `raw` against the shared properties (test/engine/properties.ts).
import { propertiesOf } from '../properties.ts';

propertiesOf('raw');
