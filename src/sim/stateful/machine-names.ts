/**
 * Names of machine things (a database, a table, a bucket, a cluster, a host) and the contents of
 * files: what a made-up value of such a field looks like. A database is `orders_db`, never a
 * sentence; a file holds lines that read as a file of its kind. Used by field-kind.ts (which
 * fields are such names) and field-value.ts (the values).
 */
import type { Faker } from '@faker-js/faker';

/** Things whose names are short identifiers, with the style of each name. */
const machineNouns: Readonly<Record<string, 'snake' | 'kebab' | 'dotted'>> = {
  database: 'snake',
  db: 'snake',
  collection: 'snake',
  table: 'snake',
  schema: 'snake',
  column: 'snake',
  field: 'snake',
  index: 'snake',
  warehouse: 'snake',
  dataset: 'snake',
  bucket: 'kebab',
  namespace: 'kebab',
  cluster: 'kebab',
  host: 'kebab',
  hostname: 'kebab',
  server: 'kebab',
  instance: 'kebab',
  service: 'kebab',
  deployment: 'kebab',
  pod: 'kebab',
  container: 'kebab',
  app: 'kebab',
  release: 'kebab',
  repo: 'kebab',
  repository: 'kebab',
  environment: 'kebab',
  env: 'kebab',
  region: 'kebab',
  queue: 'dotted',
  topic: 'dotted',
  stream: 'dotted',
};

const subjects = ['orders', 'customers', 'events', 'invoices', 'users', 'products', 'payments', 'sessions', 'analytics', 'inventory'];

/**
 * Whether a field's words name a machine thing: `database`, `collection`, `bucket_name`,
 * `cluster_id` excluded (an id is an id).
 *
 * @example
 *   isMachineName(['database']);          // true
 *   isMachineName(['table', 'name']);     // true
 *   isMachineName(['display', 'name']);   // false
 */
export function isMachineName(words: readonly string[]): boolean {
  const last = words[words.length - 1];
  if (last === undefined) return false;
  if (last in machineNouns)
    return words.length === 1 || words.every((word) => word in machineNouns || word === 'target' || word === 'source');
  return last === 'name' && words.length > 1 && words[words.length - 2]! in machineNouns;
}

/**
 * A short identifier for a machine thing, in the style such names have: `orders_db`, `analytics`,
 * `web-01`, `prod-eu-1`, `orders.created`.
 *
 * @example
 *   withFake('seed', (faker) => toMachineName(faker, ['database'])); // 'orders_db'
 */
export function toMachineName(faker: Faker, words: readonly string[]): string {
  const noun = words[words.length - 1] === 'name' ? words[words.length - 2]! : words[words.length - 1]!;
  const subject = faker.helpers.arrayElement(subjects);
  switch (noun) {
    case 'database':
    case 'db':
      return faker.helpers.arrayElement([`${subject}_db`, subject, `${subject}_prod`]);
    case 'schema':
      return faker.helpers.arrayElement(['public', 'analytics', 'staging', 'sales']);
    case 'column':
    case 'field':
      return faker.helpers.arrayElement(['created_at', 'customer_id', 'status', 'amount', 'email', 'updated_at']);
    case 'index':
      return `idx_${subject}_${faker.helpers.arrayElement(['created_at', 'status', 'customer_id'])}`;
    case 'bucket':
      return `acme-${subject}-${faker.helpers.arrayElement(['prod', 'assets', 'backups', 'logs'])}`;
    case 'namespace':
    case 'environment':
    case 'env':
      return faker.helpers.arrayElement(['default', 'production', 'staging', 'payments', 'shop', 'monitoring']);
    case 'cluster':
      return `${faker.helpers.arrayElement(['prod', 'staging', 'dev'])}-${faker.helpers.arrayElement(['eu', 'us'])}-${faker.number.int({ min: 1, max: 3 })}`;
    case 'region':
      return faker.helpers.arrayElement(['us-east-1', 'eu-west-1', 'eu-central-1', 'ap-southeast-2']);
    case 'host':
    case 'hostname':
    case 'server':
    case 'instance':
      return `${faker.helpers.arrayElement(['web', 'api', 'db', 'worker', 'cache'])}-${String(faker.number.int({ min: 1, max: 12 })).padStart(2, '0')}`;
    case 'queue':
    case 'topic':
    case 'stream':
      return `${subject}.${faker.helpers.arrayElement(['created', 'updated', 'events', 'jobs'])}`;
    default:
      return machineNouns[noun] === 'kebab'
        ? `${subject.replace(/s$/, '')}-${faker.helpers.arrayElement(['api', 'service', 'worker', 'web'])}`
        : subject;
  }
}

/**
 * Lines that read as the contents of a file of this name's extension (Markdown when none is known).
 *
 * @example
 *   withFake('seed', (faker) => toFileContent(faker, 'config.json')); // '{\n  "name": "orders",\n  "enabled": true\n}\n'
 */
export function toFileContent(faker: Faker, fileName = ''): string {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? 'md';
  const subject = faker.helpers.arrayElement(subjects);
  const line = faker.company.catchPhrase();
  switch (extension) {
    case 'json':
      return `{\n  "name": "${subject}",\n  "enabled": true,\n  "retries": ${faker.number.int({ min: 1, max: 5 })}\n}\n`;
    case 'yaml':
    case 'yml':
      return `name: ${subject}\nenabled: true\nretries: ${faker.number.int({ min: 1, max: 5 })}\n`;
    case 'ts':
    case 'js':
      return `export function load${subject.charAt(0).toUpperCase()}${subject.slice(1)}() {\n  return [];\n}\n`;
    case 'py':
      return `def load_${subject}():\n    return []\n`;
    case 'csv':
      return `id,name,email\n1,${faker.person.fullName()},${faker.internet.email({ provider: 'example.com' }).toLowerCase()}\n`;
    case 'txt':
    case 'log':
      return `${line}.\n`;
    default:
      return `# ${subject.charAt(0).toUpperCase()}${subject.slice(1)}\n\n${line}.\n`;
  }
}
