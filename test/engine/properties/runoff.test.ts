// Seeded random games of `runoff` against the shared properties (test/engine/properties.ts).
import { propertiesOf } from '../properties.ts';

propertiesOf('runoff');
