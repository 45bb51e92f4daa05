/** `npm run scenario:schema`: writes scenarios/scenario.schema.json from the zod scenario schema. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { scenarioJsonSchemaPath, toScenarioJsonSchemaText } from '../src/scenario/scenario-json-schema.js';

const target = fileURLToPath(new URL(`../${scenarioJsonSchemaPath}`, import.meta.url));
writeFileSync(target, toScenarioJsonSchemaText());
process.stdout.write(`wrote ${scenarioJsonSchemaPath}\n`);
