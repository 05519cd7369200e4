// Seeded random games of `butterfly` against the shared properties (test/engine/properties.ts).
import { propertiesOf } from '../properties.ts';

propertiesOf('butterfly');
