import { join } from 'node:path';
import { afterAll, describe } from 'vitest';
import {
  createXsdSchemaValidator,
  type XsdSchemaValidator,
} from '../../../src/adapters/xsd/xsdSchemaValidator.js';
import { describeSchemaValidatorContract } from '../../contracts/schemaValidator.js';
import { hasShared, SHARED_DIR } from '../../support/shared.js';

describe.skipIf(!hasShared)('fiscalkit/xsd', () => {
  let validator: Promise<XsdSchemaValidator> | undefined;
  afterAll(async () => (await validator)?.dispose());
  describeSchemaValidatorContract('createXsdSchemaValidator', () => {
    validator ??= createXsdSchemaValidator({ directory: join(SHARED_DIR, 'xsd', 'sii') });
    return validator;
  });
});
