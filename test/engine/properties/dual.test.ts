// Seeded random games of `dual` against the shared properties (test/engine/properties.ts).
import { propertiesOf } from '../properties.ts';

propertiesOf('dual');
