// Seeded random games of `original` against the shared properties (test/engine/properties.ts).
import { propertiesOf } from '../properties.ts';

propertiesOf('original');
