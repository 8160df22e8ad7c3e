import { structuralSiiValidator } from '../../../src/sii/validator/structuralSiiValidator.js';
import { describeSchemaValidatorContract } from '../../contracts/schemaValidator.js';

// The default schema validator of memoryPorts (fiscalkit's own, no WebAssembly).
describeSchemaValidatorContract('structuralSiiValidator', () => structuralSiiValidator());
