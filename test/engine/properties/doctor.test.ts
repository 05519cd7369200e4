// Seeded random games of `doctor` against the shared properties (test/engine/properties.ts).
import { propertiesOf } from '../properties.ts';

propertiesOf('doctor');
