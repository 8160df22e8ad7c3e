/**
 * `npm run generate [shared directory]`: runs every generator of checked-in source (issue #20 §5; it
 * also rewrites `docs/spec-index.md` from the rule ids, `scripts/generate-spec-index.ts`) and
 * writes what they generate from the official XSDs in `shared/` (default: `$FISCALKIT_SHARED`, or
 * `../shared` beside the checkout), formatted with Biome. Commit the result.
 * `test/scripts/generated.test.ts` regenerates the same files in memory and fails on any difference.
 *
 * | Generator | Writes | From |
 * |---|---|---|
 * | `generate-sii-content-model.ts` | `src/sii/validator/contentModel.ts` | `xsd/sii/SuministroLR.xsd` + `SuministroInformacion.xsd` |
 * | `generate-sii-codes.ts` | `src/model/siiXsdCodes.ts` | the same |
 * | `generate-schema-occurrences.ts` | `src/ksef/import/fa3Occurrences.ts`, `fa3Sequences.ts`, `src/sii/import/siiOccurrences.ts` | `xsd/ksef-fa3/schemat_FA(3)_v1-0E.xsd` + `bazowe/`, `xsd/sii/SuministroLR.xsd`, `RespuestaSuministro.xsd` |
 * | `generate-fa3-types.ts` | `src/ksef/build/fa3Types.ts` | `xsd/ksef-fa3/schemat_FA(3)_v1-0E.xsd` + `bazowe/` |
 */

import { join } from 'node:path';
import { fa3TypesFiles } from './generate-fa3-types.js';
import { schemaOccurrenceFiles } from './generate-schema-occurrences.js';
import { siiCodesFiles } from './generate-sii-codes.js';
import { siiContentModelFiles } from './generate-sii-content-model.js';
import { writeSpecIndex } from './generate-spec-index.js';
import { type GeneratedFiles, isMain, sharedDirectory, writeGenerated } from './generated.js';

/**
 * Every generated file (path from the project root → unformatted text) from the XSDs below `shared`.
 * Writes nothing; {@link writeGenerated} and the CI check format the texts with Biome.
 *
 * @example
 * Object.keys(generatedFiles('../shared')); // ['src/sii/validator/contentModel.ts', …]
 */
export function generatedFiles(shared: string): GeneratedFiles {
  const sii = join(shared, 'xsd', 'sii');
  return {
    ...siiContentModelFiles(sii),
    ...siiCodesFiles(sii),
    ...schemaOccurrenceFiles(shared),
    ...fa3TypesFiles(shared),
  };
}

if (isMain(import.meta.url)) {
  writeGenerated(generatedFiles(sharedDirectory(process.argv[2])));
  // Last, so that the index sees the generated sources too.
  writeSpecIndex();
}
